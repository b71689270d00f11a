import { Param, ParseUUIDPipe } from '@nestjs/common';
import { invalidField } from '../errors/app-error';

/** A path parameter that must be a uuid: anything else is 400 validation_failed, never a 500 from SQL. */
export const UuidParam = (name: string): ParameterDecorator =>
  Param(
    name,
    new ParseUUIDPipe({
      exceptionFactory: () => {
        const message = `${name} must be a UUID`;
        return invalidField(name, 'isUuid', message);
      },
    }),
  );
