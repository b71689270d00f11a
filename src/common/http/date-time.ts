import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDate } from 'class-validator';

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * The instants the API takes (docs/api-conventions.md "Limits"): years 0001 to 9999 UTC. PostgreSQL's
 * timestamptz reaches from 4713 BC to 294276 AD and JavaScript's Date from 271821 BC to 275760 AD, but no
 * network was discovered before year 1; signed or six-digit years (`-004714-...`, `+294277-...`) and year
 * 0000 are refused as "<field> must be an ISO 8601 date-time" before they reach the database.
 */
const EARLIEST = new Date('0001-01-01T00:00:00Z');
const LATEST = new Date('9999-12-31T23:59:59.999Z');

/**
 * An ISO 8601 date-time with a zone (`2020-02-01T10:00:00Z`) on the calendar, as a Date. `new Date()`
 * alone takes `0` (the year 2000) and rolls `2020-02-30` over to March 1st; those stay strings and fail.
 */
export function parseDateTime(text: string): Date | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = '0'] = match.slice(1, 7).map(Number);
  const calendar = new Date(0);
  calendar.setUTCFullYear(year, month - 1, day);
  const onCalendar = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day;
  if (!onCalendar || hour > 23 || minute > 59 || Number(second) > 59) return undefined;
  const date = new Date(text);
  const time = date.getTime();
  return time >= EARLIEST.getTime() && time <= LATEST.getTime() ? date : undefined;
}

/** A date-time field: anything but an ISO 8601 date-time is 400 "<field> must be an ISO 8601 date-time". */
export const IsDateTime = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (parseDateTime(value) ?? value) : value)),
    IsDate({ message: '$property must be an ISO 8601 date-time' }),
  );
