import { type PipeTransform, Query } from '@nestjs/common';
import { ApiPropertyOptional, ApiQuery, IntersectionType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsDateTime } from './date-time';
import { PageQueryDto } from './pagination';
import { createValidationPipe } from './validation';

const AT = { type: String, format: 'date-time', description: 'As-of instant: the state then instead of now' };

/** `at`, the as-of instant every versioned read takes: absent means now (the live rows). */
export class AsOfQueryDto {
  @ApiPropertyOptional(AT)
  @IsOptional()
  @IsDateTime()
  at?: Date;
}

/** The list query of a versioned resource: paging and `at`. */
export class AsOfPageQueryDto extends IntersectionType(PageQueryDto, AsOfQueryDto) {}

/** Validates the whole query string as AsOfQueryDto (unknown parameters refused as elsewhere), keeps `at`. */
class AsOfPipe implements PipeTransform<unknown, Promise<Date | undefined>> {
  private readonly validation = createValidationPipe();

  async transform(query: unknown): Promise<Date | undefined> {
    const valid = (await this.validation.transform(query ?? {}, {
      type: 'query',
      metatype: AsOfQueryDto,
    })) as AsOfQueryDto;
    return valid.at;
  }
}

/**
 * The as-of instant of a versioned GET of one resource (`?at=`), validated exactly like a query DTO:
 * `at=0` is 400 "at must be an ISO 8601 date-time". Documents the parameter in the OpenAPI document too.
 */
export const AsOf = (): ParameterDecorator => (target, key, index) => {
  Query(new AsOfPipe())(target, key, index);
  const method = Object.getOwnPropertyDescriptor(target, key!)!;
  ApiQuery({ name: 'at', required: false, ...AT })(target, key!, method);
};
