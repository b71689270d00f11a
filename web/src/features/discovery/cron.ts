/**
 * A sentence for a five-field cron (minute hour day month weekday, in UTC, as the API reads it), for
 * the schedule form's hint and list. Common shapes get words; others are spelt out field by field.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = [
  '',
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const FIELD = /^(\*|\d+(-\d+)?)(\/\d+)?(,(\d+(-\d+)?)(\/\d+)?)*$/;
const RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

/** Why a cron cannot be right, or undefined when its shape is fine (the API has the last word). */
export function cronProblem(cron: string): string | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 || fields[0] === '') return 'Five fields: minute hour day-of-month month weekday';
  const names = ['minute', 'hour', 'day of month', 'month', 'weekday'];
  for (let i = 0; i < 5; i++) {
    if (!FIELD.test(fields[i]))
      return `The ${names[i]} field "${fields[i]}" is not *, a number, a range, a list or a step`;
    const [min, max] = RANGES[i];
    for (const part of fields[i].split(',')) {
      const [base, step] = part.split('/');
      if (step !== undefined && Number(step) < 1) return `The ${names[i]} field's step must be 1 or more`;
      const bounds = base === '*' ? [] : base.split('-').map(Number);
      if (bounds.some((n) => n < min || n > max)) return `The ${names[i]} field takes ${min}–${max}`;
      if (bounds.length === 2 && bounds[0] > bounds[1]) return `The ${names[i]} field's range "${base}" runs backwards`;
    }
  }
  return undefined;
}

const pad = (n: string) => n.padStart(2, '0');

export function describeCron(cron: string): string {
  if (cronProblem(cron)) return 'Not a valid schedule yet';
  const [minute, hour, day, month, weekday] = cron.trim().split(/\s+/);
  const isNum = (f: string) => /^\d+$/.test(f);
  const every = (f: string) => /^\*\/(\d+)$/.exec(f)?.[1];
  const anyDay = day === '*' && month === '*' && weekday === '*';

  if (minute === '*' && hour === '*' && anyDay) return 'Every minute';
  if (every(minute) && hour === '*' && anyDay) return `Every ${every(minute)} minutes`;
  if (isNum(minute) && hour === '*' && anyDay) return `Every hour at minute ${minute}`;
  if (isNum(minute) && every(hour) && anyDay) return `Every ${every(hour)} hours at minute ${minute} (UTC)`;
  if (isNum(minute) && isNum(hour)) {
    const at = `at ${pad(hour)}:${pad(minute)} UTC`;
    if (anyDay) return `Every day ${at}`;
    if (day === '*' && month === '*' && isNum(weekday)) return `Every ${WEEKDAYS[Number(weekday)]} ${at}`;
    if (day === '*' && month === '*' && weekday === '1-5') return `Every weekday (Monday to Friday) ${at}`;
    if (isNum(day) && month === '*' && weekday === '*') return `On day ${day} of every month ${at}`;
    if (isNum(day) && isNum(month) && weekday === '*') return `Every year on ${MONTHS[Number(month)]} ${day} ${at}`;
  }
  return `Minute ${minute}, hour ${hour}, day ${day}, month ${month}, weekday ${weekday} (UTC)`;
}
