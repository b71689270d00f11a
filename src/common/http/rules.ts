import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateBy,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IntInRange } from './validation';

/** The contract's limits: names 1..255 chars, descriptions <= 4096, arrays <= 1000 items, tags <= 100. */
export const LIMITS = { name: 255, description: 4096, array: 1000, tags: 100 } as const;

/** An id for the OpenAPI examples. */
export const EXAMPLE_ID = '3f2b8c1e-7d4a-4e6b-9a2f-5c1d8e7b6a40';

export const IsName = (example?: string): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ type: String, minLength: 1, maxLength: LIMITS.name, example }),
    IsString(),
    Length(1, LIMITS.name),
  );

export const IsOptionalDescription = (example?: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: LIMITS.description, nullable: true, example }),
    IsOptional(),
    IsString(),
    MaxLength(LIMITS.description),
  );

export const IsUuidArray = (maxItems: number = LIMITS.array): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ type: [String], format: 'uuid', maxItems }),
    IsArray(),
    ArrayMaxSize(maxItems),
    IsUUID('all', { each: true }),
  );

export const IsOptionalUuidArray = (maxItems: number = LIMITS.array): PropertyDecorator =>
  applyDecorators(
    IsUuidArray(maxItems),
    ApiPropertyOptional({ type: [String], format: 'uuid', maxItems }),
    IsOptional(),
  );

/** A query list: repeated params (`ids=a&ids=b`) and comma lists (`ids=a,b`) alike. */
export const QueryList = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((v) => String(v).split(','))
      .map((v) => v.trim())
      .filter(Boolean),
  );

/** A query boolean: `true` or `false`; anything else stays as it is and fails @IsBoolean. */
export const QueryBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value));

export const IsOptionalText = (max: number = LIMITS.name): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: max, nullable: true }),
    IsOptional(),
    IsString(),
    MaxLength(max),
  );

const MAC_MESSAGE = { message: '$property must be a MAC address such as 00:11:22:33:44:55' };

/** A MAC address such as 00:11:22:33:44:55 (or with dashes); empty means unknown. */
export const IsOptionalMac = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: String, example: '00:11:22:33:44:55' }),
    IsOptional(),
    Matches(/^$|^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/, MAC_MESSAGE),
  );

/** A MAC address that must be there. */
export const IsMac = (): PropertyDecorator =>
  applyDecorators(
    ApiProperty({ type: String, example: '00:11:22:33:44:55' }),
    Matches(/^([0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$/, MAC_MESSAGE),
  );

/** An optional list of nested bodies, each validated. */
export const IsOptionalChildren = (type: () => new () => object): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: () => [type()] }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(LIMITS.array),
    ValidateNested({ each: true }),
    Type(type),
  );

/**
 * Column bounds for integer fields. An `integer` column holds -2^31..2^31-1. A `bigint` column holds up
 * to 2^63-1, but a JSON number is exact only up to 2^53-1 (Number.MAX_SAFE_INTEGER), so bigint fields
 * take whole numbers up to that: a larger one would be stored rounded. A breach answers 400
 * validation_out_of_range {field, min, max} instead of reaching the database.
 */
export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
export const BIGINT_SAFE = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const;

/** An optional integer bound for an `integer` column (by default 0..2^31-1). */
export const IsOptionalInt32 = (min: number = 0, description?: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: min, maximum: INT32.max, description }),
    IsOptional(),
    IntInRange(min, INT32.max),
  );

/** An optional integer bound for a `bigint` column: 0..2^53-1, the numbers JSON carries exactly. */
export const IsOptionalBigIntSafe = (description?: string): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', format: 'int64', minimum: 0, maximum: BIGINT_SAFE.max, description }),
    IsOptional(),
    IntInRange(0, BIGINT_SAFE.max),
  );

/** How deep a JSON value nests objects and arrays (a scalar is 0), counting no further than `cap`. */
export function jsonDepth(value: unknown, cap = Infinity): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value)) {
    if (deepest >= cap) break;
    deepest = Math.max(deepest, jsonDepth(child, cap));
  }
  return 1 + deepest;
}

/**
 * A free-form JSON object with bounds: at most `maxBytes` serialized (UTF-8) and `maxDepth` levels of
 * objects and arrays (the object itself is level 1). Breaches are 400 validation_failed naming the field.
 */
export const IsBoundedObject = (maxBytes: number, maxDepth: number): PropertyDecorator =>
  applyDecorators(
    IsObject(),
    ValidateBy(
      {
        name: 'isBoundedObject',
        validator: {
          validate: (value: unknown) =>
            jsonDepth(value, maxDepth + 1) <= maxDepth &&
            Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8') <= maxBytes,
        },
      },
      { message: `$property must be at most ${maxBytes} bytes as JSON and nest at most ${maxDepth} levels` },
    ),
  );
