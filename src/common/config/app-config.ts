import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, validateSync } from 'class-validator';
import { resolve } from 'node:path';
import { PLAN_TYPES, type PlanType } from '../../modules/tenancy/domain/plans';

/** "true"/"false" (or 1/0); anything else stays a string and fails @IsBoolean. */
const EnvBoolean = () =>
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = String(obj[key]).toLowerCase();
    return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : obj[key];
  });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Environment variables as read at start; docs/configuration.md lists each one. Each property names its
 * type explicitly: implicit conversion reads it from the decorator metadata.
 */
class EnvironmentVariables {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsString()
  DATA_DIR: string = '.data';

  @IsInt()
  @Min(1)
  @Max(65535)
  EMBEDDED_PG_PORT: number = 54329;

  @IsInt()
  @Min(1)
  @Max(500)
  DATABASE_POOL_MAX: number = 10;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  @EnvBoolean()
  @IsBoolean()
  COOKIE_SECURE: boolean = false;

  @EnvBoolean()
  @IsBoolean()
  ALLOW_REGISTRATION: boolean = true;

  @IsIn(PLAN_TYPES)
  DEFAULT_PLAN: PlanType = 'Community';

  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS: number = 10_000;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL is started under dataDir. */
  databaseUrl: string | undefined;
  /** Unset: rate-limit state stays in process memory. */
  redisUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  databasePoolMax: number;
  logLevel: (typeof LOG_LEVELS)[number];
  shutdownTimeoutMs: number;
  /** Session cookies get the Secure flag (set behind HTTPS). */
  cookieSecure: boolean;
  /** POST /api/auth/register open to anyone; false for locked-down installs. */
  allowRegistration: boolean;
  defaultPlan: PlanType;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad value throws a ConfigError naming every problem. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const vars = plainToInstance(EnvironmentVariables, present, { enableImplicitConversion: true });
  const errors = validateSync(vars, { skipMissingProperties: false });
  if (errors.length > 0) {
    const problems = errors.map(
      (e) => `  ${e.property}=${JSON.stringify(present[e.property])}: ${Object.values(e.constraints ?? {}).join('; ')}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    dataDir: resolve(vars.DATA_DIR),
    embeddedPgPort: vars.EMBEDDED_PG_PORT,
    databasePoolMax: vars.DATABASE_POOL_MAX,
    logLevel: vars.LOG_LEVEL,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    cookieSecure: vars.COOKIE_SECURE,
    allowRegistration: vars.ALLOW_REGISTRATION,
    defaultPlan: vars.DEFAULT_PLAN,
  };
}
