import { defineEntity, p } from '@mikro-orm/core';
import { MESSAGE_STATUSES } from '../../../contracts/messages.js';

export const MessageSchema = defineEntity({
  name: 'Message',
  tableName: 'message',
  properties: {
    id: p.uuid().primary(),
    name: p.string().length(100),
    email: p.string().length(254),
    number: p.string().length(30),
    subject: p.string().length(200),
    message: p.text(),
    messageStatus: p.enum(MESSAGE_STATUSES).default('UnRead'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Message extends MessageSchema.class {}
MessageSchema.setClass(Message);
