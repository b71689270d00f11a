import { applyDecorators, ValidationError, ValidationPipe } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';
import { AppError, type FieldError, invalid } from '../errors/app-error';

/** Range rules put {min, max} in their context so a breach reports validation_out_of_range. */
export interface RangeContext {
  range: { min: number; max: number };
}

/** An integer within [min, max]; a breach answers validation_out_of_range {field, min, max}. */
export function IntInRange(min: number, max: number): PropertyDecorator {
  const context: RangeContext = { range: { min, max } };
  return applyDecorators(IsInt(), Min(min, { context }), Max(max, { context }));
}

function flatten(errors: ValidationError[], prefix = ''): ValidationError[] {
  return errors.flatMap((error) => {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const self = error.constraints ? [{ ...error, property: field }] : [];
    return [...self, ...flatten(error.children ?? [], field)];
  });
}

/** A rule's context may say when a field is required: `{ context: { required: 'x is required when y is z' } }`. */
export interface RequiredContext {
  required: string;
}

/**
 * The one failure a field reports, saying what is expected: a missing value is "<field> is required"
 * (or its rule's RequiredContext), a value of the wrong kind names the kind (isString, isInt, isDate...)
 * before any rule about its size or shape.
 */
function fieldError(error: ValidationError): FieldError {
  const field = error.property;
  const constraints = Object.entries(error.constraints ?? {});
  if ((error.value === undefined || error.value === null) && !error.constraints?.whitelistValidation) {
    const context = Object.values(error.contexts ?? {}).find(
      (c): c is RequiredContext => typeof c?.required === 'string',
    );
    return { field, rule: 'isDefined', message: context?.required ?? `${field} is required` };
  }
  const [rule, message] = constraints.find(([name]) => name.startsWith('is') && name !== 'isLength') ?? constraints[0];
  return { field, rule, message };
}

export function validationError(errors: ValidationError[]): AppError {
  const flat = flatten(errors);
  for (const error of flat) {
    const range = Object.values(error.contexts ?? {}).find((c): c is RangeContext => typeof c?.range === 'object');
    // Out of range only when it is a whole number at all: `limit=abc` is a wrong type.
    if (range && !error.constraints?.isInt) {
      const { min, max } = range.range;
      return new AppError('validation_out_of_range', `${error.property} must be between ${min} and ${max}`, {
        field: error.property,
        min,
        max,
      });
    }
  }
  return invalid(flat.map(fieldError));
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: validationError,
  });
}
