import { z } from 'zod'
import { limits } from './kernel/limits.js'
import type { S3Settings } from './storage/object-store.js'

// The only reader of process.env: everything else receives a Config.
const schema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(limits.rateLimitPerHourDefault),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GRAPHQL_INTROSPECTION: z.enum(['true', 'false']).optional(),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SMTP_HOST: z.string().optional(),
  INTAKE_WEBHOOK_SECRET: z
    .string()
    .min(16, 'INTAKE_WEBHOOK_SECRET must be at least 16 characters')
    .optional(),
  JOB_WORKER: z.enum(['on', 'off']).default('on'),
})

export interface Config {
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  jwtSecret: string | undefined
  rateLimitPerHour: number
  logLevel: string
  introspection: boolean
  publicUrl: string | undefined
  s3: S3Settings | undefined
  smtp: { port: number; host: string } | undefined
  intakeWebhookSecret: string | undefined
  jobWorker: boolean
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  const e = parsed.data
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    jwtSecret: e.JWT_SECRET,
    rateLimitPerHour: e.RATE_LIMIT_PER_HOUR,
    logLevel: e.LOG_LEVEL,
    introspection: e.GRAPHQL_INTROSPECTION ? e.GRAPHQL_INTROSPECTION === 'true' : e.NODE_ENV !== 'production',
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
    smtp: e.SMTP_PORT === undefined ? undefined : { port: e.SMTP_PORT, host: e.SMTP_HOST ?? e.HOST },
    intakeWebhookSecret: e.INTAKE_WEBHOOK_SECRET,
    jobWorker: e.JOB_WORKER === 'on',
  }
}
