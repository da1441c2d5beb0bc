import type { FastifyBaseLogger, LogLevel } from 'fastify'
import type { Bindings, ChildLoggerOptions } from 'pino'

/**
 * The logger Fastify gives each request. Pino's child logger, with the request id bound, is built
 * only when the request logs something: most never do (their one line is the request log), and
 * building a child for every request costs as much as answering a small query.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private built: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.built ??= this.parent.child(this.bindings, this.options)
    return this.built
  }

  get level(): LogLevel {
    return this.logger.level as LogLevel
  }

  set level(level: LogLevel) {
    this.logger.level = level
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options)
  }

  fatal(...args: unknown[]): void {
    Reflect.apply(this.logger.fatal, this.logger, args)
  }

  error(...args: unknown[]): void {
    Reflect.apply(this.logger.error, this.logger, args)
  }

  warn(...args: unknown[]): void {
    Reflect.apply(this.logger.warn, this.logger, args)
  }

  info(...args: unknown[]): void {
    Reflect.apply(this.logger.info, this.logger, args)
  }

  debug(...args: unknown[]): void {
    Reflect.apply(this.logger.debug, this.logger, args)
  }

  trace(...args: unknown[]): void {
    Reflect.apply(this.logger.trace, this.logger, args)
  }

  silent(...args: unknown[]): void {
    Reflect.apply(this.logger.silent, this.logger, args)
  }
}
