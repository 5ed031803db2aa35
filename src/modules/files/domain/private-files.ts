import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { isUuid } from '../../../contracts/ids.js';
import { MEDIA_STORE, type MediaStore } from '../../media/index.js';
import { fileNotFound } from './file-errors.js';
import { attachmentDisposition } from '../../../platform/http/content-disposition.js';
import { servedContentType } from './file-name.js';
import { StoredFile } from './stored-file.entity.js';

/** Who asks for a file: a signed-in account. */
export interface FileReader {
  email: string;
  isAdmin: boolean;
}

/**
 * Who may read a file: its owner (the customer, by e-mail) and the admins; an internal note's file,
 * the admins only.
 */
export function mayRead(file: StoredFile, reader: FileReader): boolean {
  if (reader.isAdmin) return true;
  return file.kind !== 'internal-note' && reader.email.toLowerCase() === file.ownerEmail;
}

/** How a file is handed over: a redirect to the store, or its bytes with the headers to send them with. */
export type FileDownload =
  | { redirectTo: string }
  | { body: Readable; size: number; contentType: string; disposition: string };

/**
 * The private files' rows and objects, for the handlers: finding a file (a 404 for anything but a
 * file this reader may read) and opening it, as a presigned URL of the store (S3) or as a stream of
 * its bytes (the local store), always as an attachment.
 */
@Injectable()
export class PrivateFiles {
  private readonly logger = new Logger(PrivateFiles.name);

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

  /** The file if this reader may read it; else the same 404 as for no file at all. */
  async findReadable(id: string, reader: FileReader): Promise<StoredFile> {
    const file = await this.find(id);
    if (!mayRead(file, reader)) throw fileNotFound();
    return file;
  }

  /** A URL of the store the file can be fetched from for `seconds`; null for the local store. */
  presignedUrl(file: StoredFile, seconds: number): Promise<string | null> {
    return this.store.presignedUrl('private', file.storageKey, {
      expiresInSeconds: seconds,
      filename: file.filename,
      contentType: servedContentType(file.contentType),
    });
  }

  /** The file as handed over: a presigned URL valid `redirectSeconds`, else its bytes. */
  async open(file: StoredFile, redirectSeconds: number): Promise<FileDownload> {
    const presigned = await this.presignedUrl(file, redirectSeconds);
    if (presigned) return { redirectTo: presigned };
    const object = await this.store.get('private', file.storageKey);
    if (!object) {
      // A row whose object is gone: logged for the operators, a 404 for the reader.
      this.logger.error({ fileId: file.id, storageKey: file.storageKey }, 'Private file missing');
      throw fileNotFound();
    }
    return {
      body: object.body,
      size: object.size,
      contentType: servedContentType(file.contentType),
      disposition: attachmentDisposition(file.filename),
    };
  }
}
