import { NotFoundException } from '@nestjs/common';
import { MESSAGE_TEXTS } from '../../../contracts/messages.js';

export const messageNotFound = () => new NotFoundException(MESSAGE_TEXTS.notFound);
