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
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  type IntakeFormInput,
  intakeFormInputSchema,
  type IntakeFormPackage,
  intakeFormPackageListSchema,
  type IntakeFormState,
  intakeFormStateSchema,
  type IntakeFormVersion,
  intakeFormVersionListSchema,
  intakeFormVersionSchema,
} from '../../../contracts/intake.js';
import { type AuditActor, CurrentActor } from '../../../platform/audit/audit-actor.js';
import { Access } from '../../../platform/auth/access.js';
import { RestoreIntakeFormCommand } from '../commands/restore-intake-form/restore-intake-form.command.js';
import { SaveIntakeFormCommand } from '../commands/save-intake-form/save-intake-form.command.js';
import { GetIntakeFormQuery } from '../queries/get-intake-form/get-intake-form.query.js';
import { ListIntakeFormVersionsQuery } from '../queries/list-intake-form-versions/list-intake-form-versions.query.js';
import { ListIntakeFormsQuery } from '../queries/list-intake-forms/list-intake-forms.query.js';

const NO_PACKAGE = { description: 'No such pricing package', standardSchema: errorBodySchema };

/** The admins' questionnaire builder: one form per pricing package, each save a new version. */
@ApiTags('intake')
@Controller('api/admin/intake-forms')
export class AdminIntakeFormsHttpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'Every pricing package and where its questionnaire stands' })
  @ApiOkResponse({ standardSchema: intakeFormPackageListSchema })
  list(): Promise<IntakeFormPackage[]> {
    return this.queryBus.execute(new ListIntakeFormsQuery());
  }

  @Get(':packageId')
  @Access('admin')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'A package’s questionnaire: its newest version (null: never saved)' })
  @ApiOkResponse({ standardSchema: intakeFormStateSchema })
  @ApiNotFoundResponse(NO_PACKAGE)
  get(@Param('packageId') packageId: string): Promise<IntakeFormState> {
    return this.queryBus.execute(new GetIntakeFormQuery(packageId));
  }

  @Put(':packageId')
  @Access('admin')
  @ApiOperation({
    summary: 'Save a package’s questionnaire as its next version (no fields: it asks nothing)',
  })
  @ApiOkResponse({ standardSchema: intakeFormVersionSchema })
  @ApiBadRequestResponse({
    description: 'A field of the form is not valid (named in `fields`, e.g. `fields.2.label`)',
    standardSchema: errorBodySchema,
  })
  @ApiNotFoundResponse(NO_PACKAGE)
  save(
    @Param('packageId') packageId: string,
    @Body({ schema: intakeFormInputSchema }) input: IntakeFormInput,
    @CurrentActor() actor: AuditActor,
  ): Promise<IntakeFormVersion> {
    return this.commandBus.execute(new SaveIntakeFormCommand(packageId, input.fields, actor));
  }

  @Get(':packageId/versions')
  @Access('admin')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'Every saved version of a package’s questionnaire, newest first' })
  @ApiOkResponse({ standardSchema: intakeFormVersionListSchema })
  @ApiNotFoundResponse(NO_PACKAGE)
  versions(@Param('packageId') packageId: string): Promise<IntakeFormVersion[]> {
    return this.queryBus.execute(new ListIntakeFormVersionsQuery(packageId));
  }

  @Post(':packageId/versions/:versionId/restore')
  @Access('admin')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Save an earlier version again as the newest one' })
  @ApiOkResponse({ standardSchema: intakeFormVersionSchema })
  @ApiNotFoundResponse({
    description: 'No such package, or no such version of its questionnaire',
    standardSchema: errorBodySchema,
  })
  restore(
    @Param('packageId') packageId: string,
    @Param('versionId') versionId: string,
    @CurrentActor() actor: AuditActor,
  ): Promise<IntakeFormVersion> {
    return this.commandBus.execute(new RestoreIntakeFormCommand(packageId, versionId, actor));
  }
}
