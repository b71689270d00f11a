import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SessionAccess } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { SsoSettingsService } from '../application/sso-settings.service';
import { SsoSettingsDto } from './dto/sso-settings.dto';
import { SsoSettingsResponse } from './dto/sso-settings.response';

@ApiTags('organizations')
@Controller('api/v1/organizations/sso')
export class SsoSettingsController {
  constructor(private readonly sso: SsoSettingsService) {}

  @Get()
  @SessionAccess('Admin')
  @ApiOk(SsoSettingsResponse)
  get(@Ctx() ctx: TenantContext) {
    return this.sso.get(ctx);
  }

  @Put()
  @SessionAccess('Admin')
  @ApiOk(SsoSettingsResponse)
  replace(@Ctx() ctx: TenantContext, @Body() body: SsoSettingsDto) {
    return this.sso.replace(ctx, body);
  }
}
