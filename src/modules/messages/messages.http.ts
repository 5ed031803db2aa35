import type { HttpSide } from '../../platform/http/http-side.js';
import { MarkMessageReadHttpController } from './commands/mark-message-read/mark-message-read.http.controller.js';
import { SendMessageHttpController } from './commands/send-message/send-message.http.controller.js';
import { GetMessageHttpController } from './queries/get-message/get-message.http.controller.js';
import { ListMessagesHttpController } from './queries/list-messages/list-messages.http.controller.js';

/** The module's HTTP side, read only by a role that serves HTTP (messages.module.ts). */
export const HTTP_SIDE: HttpSide = {
  controllers: [
    SendMessageHttpController,
    ListMessagesHttpController,
    GetMessageHttpController,
    MarkMessageReadHttpController,
  ],
};
