import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type IntakeAnswersInput,
  intakeAnswersInputSchema,
  type OrderIntake,
  orderIntakeSchema,
} from '../../../contracts/intake.js';
import { ORDER_TEXTS } from '../../../contracts/orders.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access, type AuthContext, CurrentAuth, STAFF } from '../../../platform/auth/access.js';
import { requireRecordId } from '../../../platform/http/record-id.js';
import { SubmitIntakeCommand } from '../commands/submit-intake/submit-intake.command.js';
import { GetOrderIntakeQuery } from '../queries/get-order-intake/get-order-intake.query.js';

const orderId = (id: string) => requireRecordId(id, ORDER_TEXTS.notYours);

const NOT_YOURS = {
  description: 'No such order, or not one of this account’s (the same answer)',
  standardSchema: errorBodySchema,
};
const BAD_ANSWERS = {
  description: 'Answers that are not valid, each named in `fields` (`answers.<fieldKey>`)',
  standardSchema: errorBodySchema,
};
const REFUSED = {
  description:
    'The order is not paid, or completed; the package asks nothing; or the questions changed',
  standardSchema: errorBodySchema,
};

/** An order's questionnaire for its customer: the questions to answer and the answers sent. */
@ApiTags('intake')
@Controller('api/orders')
export class OrderIntakeHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get(':id/intake')
  @Access('customer')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'The order’s questions (the newest form) and the answers sent, if any' })
  @ApiOkResponse({ standardSchema: orderIntakeSchema })
  @ApiNotFoundResponse(NOT_YOURS)
  get(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<OrderIntake> {
    return this.queryBus.execute(
      new GetOrderIntakeQuery(orderId(id), { email: auth.account.email, isAdmin: false }),
    );
  }

  @Post(':id/intake')
  @Access('customer')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Send (or correct) the answers: the first time, the work starts and its due date is set',
  })
  @ApiOkResponse({ standardSchema: orderIntakeSchema })
  @ApiBadRequestResponse(BAD_ANSWERS)
  @ApiNotFoundResponse(NOT_YOURS)
  @ApiConflictResponse(REFUSED)
  submit(
    @Param('id') id: string,
    @Body({ schema: intakeAnswersInputSchema }) input: IntakeAnswersInput,
    @CurrentAuth() auth: AuthContext,
  ): Promise<OrderIntake> {
    return this.commandBus.execute(
      new SubmitIntakeCommand(orderId(id), { kind: 'customer', email: auth.account.email }, input),
    );
  }
}

/** An order's questionnaire for the admins: every submission, and answering for the customer. */
@ApiTags('intake')
@Controller('api/admin/orders')
export class AdminOrderIntakeHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get(':id/intake')
  @Access(STAFF.orders)
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'The order’s questions and every submission of its answers' })
  @ApiOkResponse({ standardSchema: orderIntakeSchema })
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  get(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<OrderIntake> {
    return this.queryBus.execute(
      new GetOrderIntakeQuery(orderId(id), { email: actor.email, isAdmin: true }),
    );
  }

  @Put(':id/intake')
  @Access('admin')
  @ApiOperation({ summary: 'Answer for the customer (an offline order): audited' })
  @ApiOkResponse({ standardSchema: orderIntakeSchema })
  @ApiBadRequestResponse(BAD_ANSWERS)
  @ApiNotFoundResponse({ description: 'No such order', standardSchema: errorBodySchema })
  @ApiConflictResponse(REFUSED)
  answer(
    @Param('id') id: string,
    @Body({ schema: intakeAnswersInputSchema }) input: IntakeAnswersInput,
    @CurrentActor() actor: AuditActor,
  ): Promise<OrderIntake> {
    return this.commandBus.execute(
      new SubmitIntakeCommand(orderId(id), { kind: 'admin', ...actor }, input),
    );
  }
}
