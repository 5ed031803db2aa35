import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiAcceptedResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  type Campaign,
  type CampaignFields,
  campaignInputSchema,
  type CampaignPage,
  type CampaignPageQuery,
  campaignPageQuerySchema,
  campaignPageSchema,
  type CampaignPreview,
  campaignPreviewSchema,
  campaignSchema,
  CAMPAIGN_TEXTS,
  type SendCampaign,
  sendCampaignSchema,
} from '../../../contracts/campaigns.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { type Notice, noticeSchema } from '../../../contracts/identity.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access, STAFF } from '../../../platform/auth/access.js';
import { CancelCampaignCommand } from '../commands/cancel-campaign/cancel-campaign.command.js';
import { ResumeCampaignCommand } from '../commands/resume-campaign/resume-campaign.command.js';
import { DeleteCampaignCommand } from '../commands/delete-campaign/delete-campaign.command.js';
import { SaveCampaignCommand } from '../commands/save-campaign/save-campaign.command.js';
import { SendCampaignCommand } from '../commands/send-campaign/send-campaign.command.js';
import { SendCampaignTestCommand } from '../commands/send-campaign-test/send-campaign-test.command.js';
import { requireCampaignId } from '../domain/campaign-errors.js';
import { GetCampaignQuery } from '../queries/get-campaign/get-campaign.query.js';
import { ListCampaignsQuery } from '../queries/list-campaigns/list-campaigns.query.js';
import { PreviewCampaignQuery } from '../queries/preview-campaign/preview-campaign.query.js';

const notFound = { description: 'No such newsletter', standardSchema: errorBodySchema };
const notDraft = { description: 'Not a draft', standardSchema: errorBodySchema };

/** Newsletter campaigns, for admins: write, preview, test, send or schedule, follow, cancel, resume. */
@ApiTags('newsletter')
@Controller('api/admin/campaigns')
export class AdminCampaignsHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Campaigns newest first, with their counts, one page' })
  @ApiOkResponse({ standardSchema: campaignPageSchema })
  list(
    @Query({ schema: campaignPageQuerySchema }) query: CampaignPageQuery,
  ): Promise<CampaignPage> {
    return this.queryBus.execute(new ListCampaignsQuery(query.page, query.pageSize));
  }

  @Post()
  @Access(STAFF.content)
  @ApiOperation({ summary: 'Write a new draft' })
  @ApiCreatedResponse({ standardSchema: campaignSchema })
  create(
    @Body({ schema: campaignInputSchema }) input: CampaignFields,
    @CurrentActor() actor: AuditActor,
  ): Promise<Campaign> {
    return this.commandBus.execute(new SaveCampaignCommand(null, input, actor));
  }

  @Post('preview')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'The e-mail a subject and body make, as subscribers will get it' })
  @ApiOkResponse({ standardSchema: campaignPreviewSchema })
  preview(@Body({ schema: campaignInputSchema }) input: CampaignFields): Promise<CampaignPreview> {
    return this.queryBus.execute(new PreviewCampaignQuery(input));
  }

  @Get(':id')
  @Access(STAFF.content)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'One campaign with its progress' })
  @ApiOkResponse({ standardSchema: campaignSchema })
  @ApiNotFoundResponse(notFound)
  get(@Param('id') id: string): Promise<Campaign> {
    return this.queryBus.execute(new GetCampaignQuery(requireCampaignId(id)));
  }

  @Put(':id')
  @Access(STAFF.content)
  @ApiOperation({ summary: 'Change a draft' })
  @ApiOkResponse({ standardSchema: campaignSchema })
  @ApiNotFoundResponse(notFound)
  @ApiConflictResponse(notDraft)
  update(
    @Param('id') id: string,
    @Body({ schema: campaignInputSchema }) input: CampaignFields,
    @CurrentActor() actor: AuditActor,
  ): Promise<Campaign> {
    return this.commandBus.execute(new SaveCampaignCommand(requireCampaignId(id), input, actor));
  }

  @Delete(':id')
  @Access(STAFF.content)
  @ApiOperation({ summary: 'Delete a draft' })
  @ApiOkResponse({ standardSchema: noticeSchema })
  @ApiNotFoundResponse(notFound)
  @ApiConflictResponse(notDraft)
  async delete(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<Notice> {
    await this.commandBus.execute(new DeleteCampaignCommand(requireCampaignId(id), actor));
    return { message: CAMPAIGN_TEXTS.deleted };
  }

  @Post(':id/test')
  @Access(STAFF.content)
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Send the campaign to the signed-in admin only' })
  @ApiAcceptedResponse({ standardSchema: noticeSchema })
  @ApiNotFoundResponse(notFound)
  @ApiConflictResponse({
    description: "The admin's address bounced or complained as a newsletter address",
    standardSchema: errorBodySchema,
  })
  async test(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<Notice> {
    await this.commandBus.execute(new SendCampaignTestCommand(requireCampaignId(id), actor));
    return { message: CAMPAIGN_TEXTS.testSent };
  }

  @Post(':id/send')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send a draft now (sendAt null) or schedule it' })
  @ApiOkResponse({ standardSchema: campaignSchema })
  @ApiNotFoundResponse(notFound)
  @ApiConflictResponse({
    description: 'Not a draft, or no confirmed subscriber',
    standardSchema: errorBodySchema,
  })
  send(
    @Param('id') id: string,
    @Body({ schema: sendCampaignSchema }) input: SendCampaign,
    @CurrentActor() actor: AuditActor,
  ): Promise<Campaign> {
    return this.commandBus.execute(
      new SendCampaignCommand(
        requireCampaignId(id),
        input.sendAt ? new Date(input.sendAt) : null,
        actor,
      ),
    );
  }

  @Post(':id/cancel')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Unschedule (back to draft) or stop sending (what was sent stays sent)',
  })
  @ApiOkResponse({ standardSchema: campaignSchema })
  @ApiNotFoundResponse(notFound)
  @ApiConflictResponse({
    description: 'Neither scheduled nor sending',
    standardSchema: errorBodySchema,
  })
  cancel(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<Campaign> {
    return this.commandBus.execute(new CancelCampaignCommand(requireCampaignId(id), actor));
  }

  @Post(':id/resume')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Send a paused campaign again, where it stopped (nobody gets a second copy)',
  })
  @ApiOkResponse({ standardSchema: campaignSchema })
  @ApiNotFoundResponse(notFound)
  @ApiConflictResponse({
    description: 'Not paused, or its last deliveries are still being settled',
    standardSchema: errorBodySchema,
  })
  resume(@Param('id') id: string, @CurrentActor() actor: AuditActor): Promise<Campaign> {
    return this.commandBus.execute(new ResumeCampaignCommand(requireCampaignId(id), actor));
  }
}
