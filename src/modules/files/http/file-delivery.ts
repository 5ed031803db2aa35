import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { isUuid } from '../../../contracts/ids.js';
import type { AuthContext } from '../../../platform/auth/access.js';
import { MEDIA_STORE, type MediaStore } from '../../media/index.js';
import { fileNotFound } from '../domain/file-errors.js';
import { attachmentDisposition, servedContentType } from '../domain/file-name.js';
import { StoredFile } from '../domain/stored-file.entity.js';

/** Who may read a file: its owner (the customer, by e-mail) and the admins. */
export function mayRead(file: StoredFile, auth: AuthContext): boolean {
  return auth.account.isAdmin || auth.account.email.toLowerCase() === file.ownerEmail;
}

/**
 * Finds private files for their routes and sends them: streamed by the API (the local store), or as a
 * redirect to a presigned URL of the store (S3), always as an attachment that no cache keeps.
 */
@Injectable()
export class FileDelivery {
  private readonly logger = new Logger(FileDelivery.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  /** The file, or a 404 (not a UUID, none such). */
  async find(id: string): Promise<StoredFile> {
    if (!isUuid(id)) throw fileNotFound();
    const file = await this.em.fork().findOne(StoredFile, { id: id.toLowerCase() });
    if (!file) throw fileNotFound();
    return file;
  }

  /** The file if this account may read it; else the same 404 as for no file at all. */
  async findReadable(id: string, auth: AuthContext): Promise<StoredFile> {
    const file = await this.find(id);
    if (!mayRead(file, auth)) throw fileNotFound();
    return file;
  }

  /** A URL of the store the browser may fetch the file from for `seconds`; null for the local store. */
  presignedUrl(file: StoredFile, seconds: number): Promise<string | null> {
    return this.store.presignedUrl('private', file.storageKey, {
      expiresInSeconds: seconds,
      filename: file.filename,
      contentType: servedContentType(file.contentType),
    });
  }

  /** Answers with the file: 302 to a presigned URL valid `redirectSeconds`, or its bytes. */
  async send(reply: FastifyReply, file: StoredFile, redirectSeconds: number): Promise<void> {
    void reply.header('cache-control', 'private, no-store');
    const presigned = await this.presignedUrl(file, redirectSeconds);
    if (presigned) {
      // The redirect itself is for no one else either.
      void reply.header('referrer-policy', 'no-referrer').redirect(presigned, 302);
      return;
    }
    const object = await this.store.get('private', file.storageKey);
    if (!object) {
      // A row whose object is gone: logged for the operators, a 404 for the reader.
      this.logger.error({ fileId: file.id, storageKey: file.storageKey }, 'Private file missing');
      throw fileNotFound();
    }
    void reply
      .header('content-type', servedContentType(file.contentType))
      .header('content-length', String(object.size))
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(object.body);
  }
}
