import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import {
  FILE_TEXTS,
  PRIVATE_FILE_KINDS,
  PRIVATE_FILE_MAX_BYTES,
  type StoredFile as StoredFileView,
} from '../../../../contracts/files.js';
import { isUuid } from '../../../../contracts/ids.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { MEDIA_STORE, type MediaStore } from '../../../media/index.js';
import { fileNameFits, MEDIA_TYPE, sanitizeFileName } from '../../domain/file-name.js';
import { StoredFile } from '../../domain/stored-file.entity.js';
import { toStoredFileView } from '../../domain/stored-file.mapper.js';
import { type PrivateFileInput, StorePrivateFileCommand } from './store-private-file.command.js';

/** Where a file's object is kept in the private area: by id only (the name is the row's). */
export const privateFileKey = (id: string) => `files/${id}`;

const email = z.email();

/** The row to insert, or the 400 naming the first bad field. */
function validated(input: PrivateFileInput, maxBytes: number) {
  const fields: Record<string, string> = {};
  const filename = sanitizeFileName(input.filename);
  if (!filename) fields.filename = FILE_TEXTS.badName;
  else if (!fileNameFits(filename)) fields.filename = FILE_TEXTS.longName;
  if (input.bytes.byteLength === 0) fields.file = FILE_TEXTS.emptyFile;
  else if (input.bytes.byteLength > maxBytes) fields.file = FILE_TEXTS.tooLarge(maxBytes);
  const contentType = input.contentType.trim().toLowerCase();
  if (contentType.length > 200 || !MEDIA_TYPE.test(contentType)) {
    fields.contentType = FILE_TEXTS.badContentType;
  }
  if (!PRIVATE_FILE_KINDS.includes(input.kind)) fields.kind = FILE_TEXTS.badKind;
  const ownerEmail = input.ownerEmail.trim().toLowerCase();
  if (ownerEmail.length > 254 || !email.safeParse(ownerEmail).success) {
    fields.ownerEmail = FILE_TEXTS.badOwner;
  }
  if (input.orderId != null && !isUuid(input.orderId)) fields.orderId = 'Not an order id.';
  if (input.createdBy != null && !isUuid(input.createdBy)) fields.createdBy = 'Not an account id.';
  if (Object.keys(fields).length > 0) throw new ValidationFailedException(fields);
  return { filename: filename!, contentType, ownerEmail };
}

/**
 * Stores the object first, then inserts its row (no store call inside a transaction). If the insert
 * fails the object is removed again, so neither a row without its object nor (short of a crash
 * between the two) an object without its row is left.
 */
@CommandHandler(StorePrivateFileCommand)
export class StorePrivateFileHandler implements ICommandHandler<StorePrivateFileCommand> {
  private readonly logger = new Logger(StorePrivateFileHandler.name);

  constructor(
    private readonly em: EntityManager,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async execute({ input }: StorePrivateFileCommand): Promise<StoredFileView> {
    const { filename, contentType, ownerEmail } = validated(input, PRIVATE_FILE_MAX_BYTES);
    const id = randomUUID();
    const storageKey = privateFileKey(id);
    await this.store.put('private', storageKey, input.bytes, contentType);
    const em = this.em.fork();
    const file = em.create(StoredFile, {
      id,
      ownerEmail,
      orderId: input.orderId ?? null,
      kind: input.kind,
      filename,
      contentType,
      size: input.bytes.byteLength,
      storageKey,
      createdAt: new Date(),
      createdBy: input.createdBy,
    });
    try {
      await em.flush();
    } catch (error) {
      await this.store.remove('private', storageKey).catch((removeError: unknown) => {
        this.logger.error(
          { err: removeError, storageKey },
          'A private file whose row failed could not be removed from the store',
        );
      });
      throw error;
    }
    return toStoredFileView(file);
  }
}
