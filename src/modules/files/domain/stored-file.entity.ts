import { defineEntity, p } from '@mikro-orm/core';
import { PRIVATE_FILE_KINDS } from '../../../contracts/files.js';

/** A file in the store's private area (`storageKey`), and whose it is. */
export const StoredFileSchema = defineEntity({
  name: 'StoredFile',
  tableName: 'stored_file',
  properties: {
    id: p.uuid().primary(),
    /** The customer it belongs to, lower-cased, as orders name their customer. */
    ownerEmail: p.string().length(254),
    orderId: p.uuid().nullable(),
    kind: p.enum(PRIVATE_FILE_KINDS),
    /** The name it is downloaded under (sanitised, see file-name.ts). */
    filename: p.string().length(200),
    contentType: p.string().length(200),
    size: p.integer(),
    storageKey: p.string().length(512),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** The account that stored it; null for the system. */
    createdBy: p.uuid().nullable(),
  },
});

export class StoredFile extends StoredFileSchema.class {}
StoredFileSchema.setClass(StoredFile);
