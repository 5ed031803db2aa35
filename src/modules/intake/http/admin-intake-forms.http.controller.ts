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
import { IntakeForms } from '../domain/intake-forms.js';

const NO_PACKAGE = { description: 'No such pricing package', standardSchema: errorBodySchema };

/** The admins' questionnaire builder: one form per pricing package, each save a new version. */
@ApiTags('intake')
@Controller('api/admin/intake-forms')
export class AdminIntakeFormsHttpController {
  constructor(private readonly forms: IntakeForms) {}

  @Get()
  @Access('admin')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'Every pricing package and where its questionnaire stands' })
  @ApiOkResponse({ standardSchema: intakeFormPackageListSchema })
  list(): Promise<IntakeFormPackage[]> {
    return this.forms.list();
  }

  @Get(':packageId')
  @Access('admin')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'A package’s questionnaire: its newest version (null: never saved)' })
  @ApiOkResponse({ standardSchema: intakeFormStateSchema })
  @ApiNotFoundResponse(NO_PACKAGE)
  get(@Param('packageId') packageId: string): Promise<IntakeFormState> {
    return this.forms.state(packageId);
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
    return this.forms.save(packageId, input.fields, actor);
  }

  @Get(':packageId/versions')
  @Access('admin')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ summary: 'Every saved version of a package’s questionnaire, newest first' })
  @ApiOkResponse({ standardSchema: intakeFormVersionListSchema })
  @ApiNotFoundResponse(NO_PACKAGE)
  versions(@Param('packageId') packageId: string): Promise<IntakeFormVersion[]> {
    return this.forms.versions(packageId);
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
    return this.forms.restore(packageId, versionId, actor);
  }
}
