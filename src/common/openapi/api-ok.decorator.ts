import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { MetaResponse } from './envelope.response';

export interface ApiOkOptions {
  /** data is an array of `type` and meta.pagination is present. */
  list?: boolean;
  /** A plain array without pagination. */
  array?: boolean;
  status?: HttpStatus;
  description?: string;
}

/** Documents the success envelope {success: true, data: <type>, meta} of a route. */
export const ApiOk = (type: Type<unknown>, options: ApiOkOptions = {}): MethodDecorator =>
  applyDecorators(
    ApiExtraModels(type, MetaResponse),
    ApiResponse({
      status: options.status ?? HttpStatus.OK,
      description: options.description ?? 'Success',
      schema: successSchema(getSchemaPath(type), options),
    }),
  );

function successSchema(ref: string, { list, array }: ApiOkOptions) {
  const meta = { $ref: getSchemaPath(MetaResponse) };
  return {
    type: 'object',
    required: ['success', 'data', 'meta'],
    properties: {
      success: { type: 'boolean', enum: [true] },
      data: list || array ? { type: 'array', items: { $ref: ref } } : { $ref: ref },
      meta: list ? { allOf: [meta, { type: 'object', required: ['pagination'] }] } : meta,
    },
  };
}
