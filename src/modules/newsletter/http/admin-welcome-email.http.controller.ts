import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  type CampaignFields,
  campaignInputSchema,
  type CampaignPreview,
  campaignPreviewSchema,
} from '../../../contracts/campaigns.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { type Notice, noticeSchema } from '../../../contracts/identity.js';
import {
  type WelcomeEmail,
  type WelcomeEmailFields,
  welcomeEmailInputSchema,
  welcomeEmailSchema,
  WELCOME_TEXTS,
} from '../../../contracts/newsletter-welcome.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { SaveWelcomeEmailCommand } from '../commands/save-welcome-email/save-welcome-email.command.js';
import { SendWelcomeTestCommand } from '../commands/send-welcome-test/send-welcome-test.command.js';
import { GetWelcomeEmailQuery } from '../queries/get-welcome-email/get-welcome-email.query.js';
import { PreviewCampaignQuery } from '../queries/preview-campaign/preview-campaign.query.js';

const invalid = { description: 'A field is missing or invalid', standardSchema: errorBodySchema };

/** The welcome e-mail new subscribers get, for admins: read, edit, switch, preview, test. */
@ApiTags('newsletter')
@Controller('api/admin/newsletter/welcome')
export class AdminWelcomeEmailHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'The welcome e-mail (the default text until one is saved)' })
  @ApiOkResponse({ standardSchema: welcomeEmailSchema })
  get(): Promise<WelcomeEmail> {
    return this.queryBus.execute(new GetWelcomeEmailQuery());
  }

  @Put()
  @Access(STAFF.content)
  @ApiOperation({ summary: 'Save the welcome e-mail: on or off, subject, Markdown body' })
  @ApiOkResponse({ standardSchema: welcomeEmailSchema })
  @ApiBadRequestResponse(invalid)
  save(
    @Body({ schema: welcomeEmailInputSchema }) input: WelcomeEmailFields,
    @CurrentActor() actor: AuditActor,
  ): Promise<WelcomeEmail> {
    return this.commandBus.execute(new SaveWelcomeEmailCommand(input, actor));
  }

  @Post('preview')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'The welcome e-mail a subject and body make, as subscribers get it' })
  @ApiOkResponse({ standardSchema: campaignPreviewSchema })
  @ApiBadRequestResponse(invalid)
  preview(@Body({ schema: campaignInputSchema }) input: CampaignFields): Promise<CampaignPreview> {
    // The welcome e-mail is rendered as a campaign: the campaign's preview is the welcome's.
    return this.queryBus.execute(new PreviewCampaignQuery(input));
  }

  @Post('test')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Send the welcome e-mail as written to the signed-in admin only' })
  @ApiAcceptedResponse({ standardSchema: noticeSchema })
  @ApiBadRequestResponse(invalid)
  @ApiConflictResponse({
    description: "The admin's address bounced or complained as a newsletter address",
    standardSchema: errorBodySchema,
  })
  async test(
    @Body({ schema: campaignInputSchema }) input: CampaignFields,
    @CurrentActor() actor: AuditActor,
  ): Promise<Notice> {
    await this.commandBus.execute(new SendWelcomeTestCommand(input, actor));
    return { message: WELCOME_TEXTS.testSent };
  }
}
