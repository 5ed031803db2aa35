import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const TWO_FACTOR_ENROLMENT_METADATA = 'identity:two-factor-enrolment';

/**
 * On an `admin` route: open to an admin whom REQUIRE_ADMIN_2FA otherwise keeps out until they have
 * enrolled (the enrolment itself). Shown in OpenAPI as `x-two-factor-enrolment`.
 */
export const TwoFactorEnrolment = () =>
  applyDecorators(
    SetMetadata(TWO_FACTOR_ENROLMENT_METADATA, true),
    ApiExtension('x-two-factor-enrolment', true),
  );
