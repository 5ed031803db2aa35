import { ForbiddenException, GoneException, NotFoundException } from '@nestjs/common';
import { FILE_TEXTS } from '../../../contracts/files.js';

/** Not found, not theirs, not an id at all: one answer, so that no id is ever confirmed. */
export const fileNotFound = () => new NotFoundException(FILE_TEXTS.notFound);
export const invalidFileLink = () => new ForbiddenException(FILE_TEXTS.invalidLink);
export const expiredFileLink = () => new GoneException(FILE_TEXTS.expiredLink);
