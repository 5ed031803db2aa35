import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ErrorBodyFilter } from './error-body.filter.js';
import { schemaValidationPipe } from './validation.js';
import { WebAppController } from './web-app.controller.js';

@Module({
  controllers: [WebAppController],
  providers: [
    { provide: APP_FILTER, useClass: ErrorBodyFilter },
    { provide: APP_PIPE, useValue: schemaValidationPipe },
  ],
})
export class HttpModule {}
