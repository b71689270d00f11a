import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateBy,
  validateSync,
} from 'class-validator';
import { join, resolve } from 'node:path';
import { canonicalCidr } from '../net/cidr';
import { PLAN_TYPES, type PlanType } from './plan-types';

/** "true"/"false" (or 1/0); anything else stays a string and fails @IsBoolean. */
const EnvBoolean = () =>
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = String(obj[key]).toLowerCase();
    return raw === 'true' || raw === '1' ? true : raw === 'false' || raw === '0' ? false : obj[key];
  });

/** 32 bytes in base64 or base64url. */
const KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

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

  @IsOptional()
  @IsString()
  WEB_ROOT?: string;

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

  @IsOptional()
  @Matches(KEY, { message: 'CREDENTIAL_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32)' })
  CREDENTIAL_ENCRYPTION_KEY?: string;

  @IsOptional()
  @Matches(new RegExp(`^${KEY.source.slice(1, -1)}(,${KEY.source.slice(1, -1)})*$`), {
    message: 'CREDENTIAL_ENCRYPTION_OLD_KEYS must be a comma-separated list of 32-byte base64 keys',
  })
  CREDENTIAL_ENCRYPTION_OLD_KEYS?: string;

  @IsOptional()
  @IsString()
  CREDENTIAL_FILE_ROOT?: string;

  @EnvBoolean()
  @IsBoolean()
  COOKIE_SECURE: boolean = false;

  @EnvBoolean()
  @IsBoolean()
  TRUST_PROXY: boolean = false;

  @EnvBoolean()
  @IsBoolean()
  ALLOW_REGISTRATION: boolean = true;

  @IsIn(PLAN_TYPES)
  DEFAULT_PLAN: PlanType = 'Community';

  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS: number = 10_000;

  @IsInt()
  @Min(1)
  @Max(36_500)
  AUDIT_RETENTION_DAYS: number = 365;

  @IsInt()
  @Min(1)
  @Max(36_500)
  EVENTS_RETENTION_DAYS: number = 7;

  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_HEADERS_TIMEOUT_MS: number = 10_000;

  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_REQUEST_TIMEOUT_MS: number = 30_000;

  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_IDLE_TIMEOUT_MS: number = 60_000;

  @IsInt()
  @Min(100)
  @Max(600_000)
  HTTP_KEEP_ALIVE_TIMEOUT_MS: number = 5_000;

  @IsOptional()
  @Matches(/^https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*$/, {
    message: 'CORS_ORIGINS must be a comma-separated list of origins (https://app.example.com,http://localhost:5173)',
  })
  CORS_ORIGINS?: string;

  @IsOptional()
  @ValidateBy(
    {
      name: 'cidrList',
      validator: {
        validate: (v: unknown) => typeof v === 'string' && v.split(',').every((c) => canonicalCidr(c.trim())),
      },
    },
    { message: 'DISCOVERY_ALLOWED_CIDRS must be a comma-separated list of CIDRs (10.0.0.0/8,fd00::/8)' },
  )
  DISCOVERY_ALLOWED_CIDRS?: string;

  @EnvBoolean()
  @IsBoolean()
  DISCOVERY_WORKER: boolean = true;

  @IsInt()
  @Min(1)
  @Max(64)
  DISCOVERY_WORKER_CONCURRENCY: number = 2;

  @IsInt()
  @Min(1)
  @Max(65535)
  DISCOVERY_SNMP_PORT: number = 161;

  @IsInt()
  @Min(1_000)
  @Max(3_600_000)
  DISCOVERY_STALL_TIMEOUT_MS: number = 60_000;

  @IsInt()
  @Min(100)
  @Max(3_600_000)
  DISCOVERY_SCHEDULER_INTERVAL_MS: number = 30_000;

  @IsOptional()
  @ValidateBy(
    {
      name: 'cidrList',
      validator: {
        validate: (v: unknown) => typeof v === 'string' && v.split(',').every((c) => canonicalCidr(c.trim())),
      },
    },
    { message: 'WEBHOOK_ALLOWED_CIDRS must be a comma-separated list of CIDRs (10.20.0.0/16,fd00::/8)' },
  )
  WEBHOOK_ALLOWED_CIDRS?: string;

  @EnvBoolean()
  @IsBoolean()
  WEBHOOK_WORKER: boolean = true;

  @IsInt()
  @Min(1)
  @Max(64)
  WEBHOOK_WORKER_CONCURRENCY: number = 4;

  @IsInt()
  @Min(1)
  @Max(20)
  WEBHOOK_MAX_ATTEMPTS: number = 8;

  @IsInt()
  @Min(10)
  @Max(3_600_000)
  WEBHOOK_RETRY_BASE_MS: number = 30_000;

  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS: number = 10_000;

  @IsInt()
  @Min(100)
  @Max(3_600_000)
  WEBHOOK_STALE_CHECK_INTERVAL_MS: number = 60_000;

  @IsOptional()
  @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters (openssl rand -hex 32)' })
  METRICS_TOKEN?: string;

  @IsOptional()
  @ValidateBy(
    {
      name: 'port',
      validator: { validate: (v: unknown) => Number.isInteger(v) && Number(v) >= 0 && Number(v) <= 65535 },
    },
    { message: 'METRICS_PORT must be a port number (1-65535, or 0 for any free port)' },
  )
  @ValidateBy(
    {
      name: 'notThePort',
      validator: { validate: (v: unknown, args) => v === 0 || v !== (args?.object as EnvironmentVariables).PORT },
    },
    { message: 'METRICS_PORT must differ from PORT: metrics are served on a port of their own' },
  )
  METRICS_PORT?: number;

  @IsString()
  METRICS_HOST: string = '127.0.0.1';

  @IsOptional()
  @Matches(/^(https:\/\/[^\s?#]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/[^\s?#]*)?)$/, {
    message: 'OIDC_ISSUER must be an https:// URL (http:// only on loopback, for development)',
  })
  @ValidateBy(
    {
      name: 'oidcComplete',
      validator: {
        validate: (_v: unknown, args) => {
          const vars = args?.object as EnvironmentVariables;
          return Boolean(vars.OIDC_CLIENT_ID && vars.OIDC_CLIENT_SECRET);
        },
      },
    },
    { message: 'OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET as well' },
  )
  OIDC_ISSUER?: string;

  @IsOptional()
  @IsString()
  OIDC_CLIENT_ID?: string;

  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  @Matches(/^([\x21\x23-\x5b\x5d-\x7e]+ )*openid( [\x21\x23-\x5b\x5d-\x7e]+)*$/, {
    message: 'OIDC_SCOPES must be a space-separated list of scopes that includes openid',
  })
  OIDC_SCOPES: string = 'openid email profile';
}

export interface AppConfig {
  port: number;
  host: string;
  /** Unset: an embedded PostgreSQL is started under dataDir. */
  databaseUrl: string | undefined;
  /** Unset: rate-limit state stays in process memory. */
  redisUrl: string | undefined;
  dataDir: string;
  /** The built web UI served at / (web/dist of the project unless WEB_ROOT says otherwise). */
  webRoot: string | undefined;
  embeddedPgPort: number;
  databasePoolMax: number;
  logLevel: (typeof LOG_LEVELS)[number];
  shutdownTimeoutMs: number;
  /** Session cookies get the Secure flag (set behind HTTPS). */
  cookieSecure: boolean;
  http: HttpLimitsConfig;
  /** Exact origins allowed cross-origin calls (with credentials); empty: CORS closed. */
  corsOrigins: string[];
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** POST /api/auth/register open to anyone; false for locked-down installs. */
  allowRegistration: boolean;
  defaultPlan: PlanType;
  /** Unset: a key generated once into DATA_DIR/credential-encryption.key. */
  credentialEncryptionKey: string | undefined;
  /** Keys that still open secrets sealed before a rotation. */
  credentialEncryptionOldKeys: string[];
  /** FilePath secrets must lie under this directory. */
  credentialFileRoot: string;
  /** Audit events older than this many days are pruned (docs/audit.md). */
  auditRetentionDays: number;
  /** Events of the outbox (webhooks, the event stream) older than this many days are pruned (docs/webhooks.md). */
  eventsRetentionDays: number;
  discovery: DiscoveryConfig;
  webhooks: WebhooksConfig;
  metrics: MetricsConfig;
  /** Unset: no single sign-on on this instance. */
  oidc: OidcConfig | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated, openid among them. */
  scopes: string;
}

export interface HttpLimitsConfig {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** The whole request (body included) must arrive within this. */
  requestTimeoutMs: number;
  /** A connection with no traffic at all is closed after this. */
  idleTimeoutMs: number;
  /** A kept-alive connection waits this long for its next request. */
  keepAliveTimeoutMs: number;
}

export interface DiscoveryConfig {
  /** Runs may only target addresses inside these (and inside the network's subnets); empty: no discovery. */
  allowedCidrs: string[];
  /** This process takes discovery runs from the queue (false: API only). */
  worker: boolean;
  /** Runs one process executes at once. */
  workerConcurrency: number;
  snmpPort: number;
  /** A running run without a heartbeat for this long is retried once, then failed. */
  stallTimeoutMs: number;
  /** How often due schedules are looked for. */
  schedulerIntervalMs: number;
}

export interface WebhooksConfig {
  /** Deliveries may go to these private or reserved ranges too (public addresses are always allowed). */
  allowedCidrs: string[];
  /** This process delivers webhooks and looks for hosts gone stale. */
  worker: boolean;
  workerConcurrency: number;
  /** Attempts per event and webhook, the first included. */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles after each further one. */
  retryBaseMs: number;
  timeoutMs: number;
  staleCheckIntervalMs: number;
}

export interface MetricsConfig {
  /** Set: GET /metrics needs `Authorization: Bearer <token>` (wherever it is served). */
  token: string | undefined;
  /** Set: /metrics is served on this port (bound to `host`) and not on the main one; 0 picks a free port. */
  port: number | undefined;
  host: string;
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
    webRoot: vars.WEB_ROOT && resolve(vars.WEB_ROOT),
    embeddedPgPort: vars.EMBEDDED_PG_PORT,
    databasePoolMax: vars.DATABASE_POOL_MAX,
    logLevel: vars.LOG_LEVEL,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    cookieSecure: vars.COOKIE_SECURE,
    http: {
      headersTimeoutMs: vars.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: Math.max(vars.HTTP_REQUEST_TIMEOUT_MS, vars.HTTP_HEADERS_TIMEOUT_MS),
      idleTimeoutMs: vars.HTTP_IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: vars.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    corsOrigins: vars.CORS_ORIGINS?.split(',') ?? [],
    trustProxy: vars.TRUST_PROXY,
    allowRegistration: vars.ALLOW_REGISTRATION,
    defaultPlan: vars.DEFAULT_PLAN,
    credentialEncryptionKey: vars.CREDENTIAL_ENCRYPTION_KEY,
    credentialEncryptionOldKeys: vars.CREDENTIAL_ENCRYPTION_OLD_KEYS?.split(',') ?? [],
    credentialFileRoot: resolve(vars.CREDENTIAL_FILE_ROOT ?? join(vars.DATA_DIR, 'credentials')),
    auditRetentionDays: vars.AUDIT_RETENTION_DAYS,
    eventsRetentionDays: vars.EVENTS_RETENTION_DAYS,
    discovery: {
      allowedCidrs: vars.DISCOVERY_ALLOWED_CIDRS?.split(',').map((cidr) => canonicalCidr(cidr.trim())!) ?? [],
      worker: vars.DISCOVERY_WORKER,
      workerConcurrency: vars.DISCOVERY_WORKER_CONCURRENCY,
      snmpPort: vars.DISCOVERY_SNMP_PORT,
      stallTimeoutMs: vars.DISCOVERY_STALL_TIMEOUT_MS,
      schedulerIntervalMs: vars.DISCOVERY_SCHEDULER_INTERVAL_MS,
    },
    webhooks: {
      allowedCidrs: vars.WEBHOOK_ALLOWED_CIDRS?.split(',').map((cidr) => canonicalCidr(cidr.trim())!) ?? [],
      worker: vars.WEBHOOK_WORKER,
      workerConcurrency: vars.WEBHOOK_WORKER_CONCURRENCY,
      maxAttempts: vars.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: vars.WEBHOOK_RETRY_BASE_MS,
      timeoutMs: vars.WEBHOOK_TIMEOUT_MS,
      staleCheckIntervalMs: vars.WEBHOOK_STALE_CHECK_INTERVAL_MS,
    },
    metrics: { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT, host: vars.METRICS_HOST },
    oidc: vars.OIDC_ISSUER
      ? {
          issuer: vars.OIDC_ISSUER,
          clientId: vars.OIDC_CLIENT_ID!,
          clientSecret: vars.OIDC_CLIENT_SECRET!,
          scopes: vars.OIDC_SCOPES,
        }
      : undefined,
  };
}
