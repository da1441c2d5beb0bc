import { randomUUID } from 'node:crypto'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const newId = (): string => randomUUID()

export const isUuid = (value: string): boolean => uuidPattern.test(value)
