import { isIP } from 'node:net'
import { z } from 'zod'
import { limits } from './kernel/limits.js'
import { ok, type Result } from './kernel/result.js'
import type { ExtractionCaps } from './modules/receipts/extraction/extraction-process.js'
import type { S3Settings } from './storage/object-store.js'

// The only reader of process.env: everything else receives a Config.
const schema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  WORKERS: z.coerce.number().int().min(1).max(limits.serverWorkersMax).default(1),
  JWT_SECRET: z
    .string()
    .min(limits.jwtSecretLengthMin, `JWT_SECRET must be at least ${limits.jwtSecretLengthMin} characters`)
    .optional(),
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(limits.rateLimitPerHourDefault),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GRAPHQL_INTROSPECTION: z.enum(['true', 'false']).optional(),
  GRAPHIQL: z.enum(['true', 'false']).optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .refine((value) => parseCorsOrigins(value) !== undefined, {
      message:
        'CORS_ORIGINS must be origins as browsers send them (scheme://host[:port], lower case, no path), separated by commas',
    }),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(limits.smtpConnectionsMaxDefault),
  SMTP_IDLE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(limits.smtpTimeoutMsMin)
    .default(limits.smtpIdleTimeoutMsDefault),
  SMTP_MESSAGE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(limits.smtpTimeoutMsMin)
    .default(limits.smtpMessageTimeoutMsDefault),
  INTAKE_WEBHOOK_SECRET: z
    .string()
    .min(
      limits.intakeSecretLengthMin,
      `INTAKE_WEBHOOK_SECRET must be at least ${limits.intakeSecretLengthMin} characters`,
    )
    .optional(),
  JOB_WORKER: z.enum(['on', 'off']).default('on'),
  EXTRACTION_MEMORY_MB: z.coerce.number().int().min(128).default(limits.extractionMemoryMbDefault),
  EXTRACTION_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(limits.extractionTimeoutMsDefault),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => parseTrustProxy(value) !== undefined, {
      message: 'TRUST_PROXY must be false, true, or proxy addresses/CIDRs separated by commas',
    }),
  SIGN_IN_PER_ADDRESS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .default(limits.signInPerAddressPerMinuteDefault),
  SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(limits.signInPerMinuteDefault),
  WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
  WEBHOOK_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(limits.webhookRetryScheduleDefault)
    .refine((value) => parseRetrySchedule(value) !== undefined, {
      message: `WEBHOOK_RETRY_SCHEDULE must be 1 to ${limits.webhookRetriesMax} whole numbers of seconds (at least 1), separated by commas`,
    }),
  DAYBOOK_CHECK_TENANT_SCOPE: z.enum(['0', '1']).default('0'),
  DAYBOOK_AUDIT_TRAIL: z.enum(['on', 'off']).default('on'),
  AUDIT_CHAIN_SECRET: z
    .string()
    .min(
      limits.auditChainSecretLengthMin,
      `AUDIT_CHAIN_SECRET must be at least ${limits.auditChainSecretLengthMin} characters`,
    )
    .optional(),
})

export interface Config {
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  jwtSecret: string | undefined
  rateLimitPerHour: number
  /** Server processes `npm start` runs, sharing one PostgreSQL and one port. */
  workers: number
  logLevel: string
  introspection: boolean
  /** Whether GET /graphql serves GraphiQL to browsers (DESIGN 7.8). */
  graphiql: boolean
  /** Origins whose pages may call the API from a browser (DESIGN 7.8); none by default. */
  corsOrigins: string[]
  publicUrl: string | undefined
  s3: S3Settings | undefined
  smtp:
    | { port: number; host: string; connectionsMax: number; idleTimeoutMs: number; messageTimeoutMs: number }
    | undefined
  intakeWebhookSecret: string | undefined
  jobWorker: boolean
  /** What reading one receipt document may cost its process (ADR 0025). */
  extraction: ExtractionCaps
  /** Whose X-Forwarded-For to believe for the client address (ADR 0015); false believes none. */
  trustProxy: TrustProxy
  signInQuotas: { perAddressPerMinute: number; perMinute: number }
  /** Where webhooks may go and how often they are tried (ADR 0037). */
  webhooks: WebhookSettings
  /** Test-only: fail every query on an organization's table that does not name it (ADR 0026). */
  checkTenantScope: boolean
  /** Benchmark-only: off records no audit trail, to measure what it costs (ADR 0032). */
  auditTrail: boolean
  /** The secret the audit chains' keys are derived from; generated and stored when not given. */
  auditChainSecret: string | undefined
}

export interface WebhookSettings {
  /** Host names and IP literals (lower case, IPv6 without brackets) that may be private or loopback. */
  allowedHosts: string[]
  allowHttp: boolean
  /** Seconds to wait before each retry; one attempt more than there are entries. */
  retryScheduleSeconds: number[]
}

function parseRetrySchedule(value: string): number[] | undefined {
  const entries = value.split(',').map((entry) => entry.trim())
  if (entries.length < 1 || entries.length > limits.webhookRetriesMax) return undefined
  if (!entries.every((entry) => /^[1-9]\d{0,7}$/.test(entry))) return undefined
  return entries.map(Number)
}

/** Fastify's trustProxy: trust every proxy, or only these addresses and CIDRs. */
export type TrustProxy = boolean | string[]

function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim()
  if (text === 'false' || text === '') return false
  if (text === 'true') return true
  const entries = text.split(',').map((entry) => entry.trim())
  const valid = entries.every((entry) => {
    const [address = '', bits, extra] = entry.split('/')
    const family = isIP(address)
    if (family === 0 || extra !== undefined) return false
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  })
  return valid ? entries : undefined
}

/**
 * Browsers compare Origin with the allowed origins character for character, so an entry written
 * any other way than a browser writes it (upper case, a default port, a trailing slash) would
 * silently never match: it is refused instead.
 */
function parseCorsOrigins(value: string): string[] | undefined {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  const valid = entries.every((entry) => {
    try {
      const url = new URL(entry)
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === entry
    } catch {
      return false
    }
  })
  return valid ? entries : undefined
}

/**
 * Test-only fault injection (ADR 0021): the crash tests name a write in which the server kills
 * itself, and a file to note it in first. Read once at start by src/fault-points.ts.
 */
export interface FaultPointSetting {
  point: string
  /** Fires when the count reached at the point (rows, calls) comes to this. */
  afterCount: number
  markerFile: string | undefined
}

export function loadFaultPointSetting(env: NodeJS.ProcessEnv = process.env): FaultPointSetting | undefined {
  const setting = env.DAYBOOK_FAULT_POINT
  if (setting === undefined || setting === '') return undefined
  const match = /^([a-z]+(?:\.[a-z]+)+)(?::([1-9]\d{0,8}))?$/.exec(setting)
  if (!match) throw new Error('Invalid configuration: DAYBOOK_FAULT_POINT must be <point> or <point>:<count>')
  if (env.NODE_ENV === 'production') {
    throw new Error('Invalid configuration: DAYBOOK_FAULT_POINT kills the server; it is for tests only')
  }
  return {
    point: match[1] as string,
    afterCount: Number(match[2] ?? 1),
    markerFile: env.DAYBOOK_FAULT_MARKER_FILE || undefined,
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  // Worker processes share what they must (quota, revocations, jobs, the signing secret) through
  // PostgreSQL; a SQLite file has one writer and no way to tell another process what changed.
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new Error('Invalid configuration: WORKERS above 1 needs DATABASE_URL (PostgreSQL)')
  if (e.DAYBOOK_AUDIT_TRAIL === 'off' && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration: DAYBOOK_AUDIT_TRAIL=off leaves changes unrecorded; it is for benchmarks only',
    )
  }
  return {
    workers: e.WORKERS,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET,
    rateLimitPerHour: e.RATE_LIMIT_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    introspection: e.GRAPHQL_INTROSPECTION ? e.GRAPHQL_INTROSPECTION === 'true' : e.NODE_ENV !== 'production',
    graphiql: e.GRAPHIQL ? e.GRAPHIQL === 'true' : e.NODE_ENV !== 'production',
    corsOrigins: parseCorsOrigins(e.CORS_ORIGINS) ?? [],
    publicUrl: e.PUBLIC_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    smtp:
      e.SMTP_PORT === undefined
        ? undefined
        : {
            port: e.SMTP_PORT,
            host: e.SMTP_HOST ?? e.HOST,
            connectionsMax: e.SMTP_MAX_CONNECTIONS,
            idleTimeoutMs: e.SMTP_IDLE_TIMEOUT_MS,
            messageTimeoutMs: e.SMTP_MESSAGE_TIMEOUT_MS,
          },
    intakeWebhookSecret: e.INTAKE_WEBHOOK_SECRET,
    jobWorker: e.JOB_WORKER === 'on',
    extraction: { memoryMb: e.EXTRACTION_MEMORY_MB, timeoutMs: e.EXTRACTION_TIMEOUT_MS },
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    signInQuotas: { perAddressPerMinute: e.SIGN_IN_PER_ADDRESS_PER_MINUTE, perMinute: e.SIGN_IN_PER_MINUTE },
    webhooks: {
      allowedHosts: e.WEBHOOK_ALLOWED_HOSTS.split(',')
        .map((entry) =>
          entry
            .trim()
            .toLowerCase()
            .replace(/^\[(.*)\]$/, '$1'),
        )
        .filter((entry) => entry !== ''),
      allowHttp: e.WEBHOOK_ALLOW_HTTP === 'true',
      retryScheduleSeconds: parseRetrySchedule(e.WEBHOOK_RETRY_SCHEDULE) ?? [],
    },
    checkTenantScope: e.DAYBOOK_CHECK_TENANT_SCOPE === '1',
    auditTrail: e.DAYBOOK_AUDIT_TRAIL === 'on',
    auditChainSecret: e.AUDIT_CHAIN_SECRET || undefined,
  }
}

export interface McpConfig {
  /** The GraphQL endpoint, such as http://127.0.0.1:4000/graphql. */
  graphqlUrl: string
  /** POST /uploads beside it. */
  uploadsUrl: string
  apiKey: string
  /** The one folder file tools may read from (DAYBOOK_MCP_FILES_DIR); none reads no path. */
  filesFolder?: string | undefined
}

/**
 * `daybook mcp`'s variables, which an MCP client's configuration sets. DAYBOOK_URL is the server's
 * base address; one that already ends in /graphql is taken as the endpoint itself, as people copy
 * it from docs. DAYBOOK_MCP_FILES_DIR is the folder the file tools may read from.
 */
export function loadMcpConfig(env: NodeJS.ProcessEnv = process.env): Result<McpConfig, string> {
  const missing = ['DAYBOOK_URL', 'DAYBOOK_API_KEY'].filter((name) => !env[name]?.trim())
  if (missing.length > 0) {
    return {
      ok: false,
      error: `daybook mcp needs ${missing.join(' and ')} in its environment: DAYBOOK_URL is the server's address (http://127.0.0.1:4000), DAYBOOK_API_KEY an API key of the organization (dbk_…).`,
    }
  }
  const text = (env.DAYBOOK_URL ?? '').trim()
  let base: URL
  try {
    base = new URL(text)
  } catch {
    return { ok: false, error: `DAYBOOK_URL must be an http or https address, not ${JSON.stringify(text)}.` }
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    return { ok: false, error: `DAYBOOK_URL must be an http or https address, not ${JSON.stringify(text)}.` }
  }
  const root = `${base.origin}${base.pathname}`.replace(/\/+$/, '').replace(/\/graphql$/, '')
  return ok({
    graphqlUrl: `${root}/graphql`,
    uploadsUrl: `${root}/uploads`,
    apiKey: (env.DAYBOOK_API_KEY ?? '').trim(),
    filesFolder: env.DAYBOOK_MCP_FILES_DIR?.trim() || undefined,
  })
}
