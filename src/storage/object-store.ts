import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'

/** Where uploaded and received files live: a directory by default, any S3-compatible store if set. */
export interface ObjectStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<Uint8Array | undefined>
}

export interface S3Settings {
  bucket: string
  endpoint: string | undefined
  region: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
}

// Keys are made by Daybook (organization id / uuid . extension), never taken from a client, but
// the local store still refuses anything that could climb out of its directory.
const safeKey = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/

export class LocalObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!safeKey.test(key) || key.split('/').includes('..')) throw new Error(`unsafe object key ${key}`)
    return path.join(this.root, key)
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    // Written beside and renamed into place, so a crash never leaves half a file under the key.
    const partial = `${target}.partial-${process.pid}`
    await writeFile(partial, bytes, { flush: true })
    await rename(partial, target)
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const source = this.pathOf(key)
    try {
      await stat(source)
    } catch {
      return undefined
    }
    return new Uint8Array(await readFile(source))
  }
}

export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    })
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: contentType }),
    )
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }))
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return undefined
      throw error
    }
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }))
    return answer.Body ? await answer.Body.transformToByteArray() : undefined
  }
}

export function openObjectStore(options: { dataDir: string; s3: S3Settings | undefined }): ObjectStore {
  if (options.s3) return new S3ObjectStore(options.s3)
  return new LocalObjectStore(path.join(options.dataDir, 'objects'))
}
