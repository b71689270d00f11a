import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, SessionAccess } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { OrganizationsService } from '../application/organizations.service';
import { ChangePlanDto, ProfileDto, ReferralSourceDto } from './dto/organization.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { OrganizationResponse } from './dto/organization.response';

@ApiTags('organizations')
@Controller('api/v1/organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @Access('Viewer')
  @ApiOk(OrganizationResponse)
  getOrganization(@Ctx() ctx: TenantContext) {
    return this.organizations.get(ctx);
  }

  @Put('plan')
  @Access('Owner')
  @ApiOk(OrganizationResponse)
  changePlan(@Ctx() ctx: TenantContext, @Body() body: ChangePlanDto) {
    return this.organizations.changePlan(ctx, body.type);
  }

  @Post('referral-source')
  @HttpCode(200)
  @SessionAccess('Viewer')
  @ApiOk(EmptyResponse)
  async submitReferralSource(@Ctx() ctx: TenantContext, @Body() body: ReferralSourceDto) {
    await this.organizations.setReferralSource(ctx, body.referral_source, body.referral_source_other ?? null);
    return {};
  }

  @Post('profile')
  @HttpCode(200)
  @SessionAccess('Viewer')
  @ApiOk(EmptyResponse)
  async updateProfile(@Ctx() ctx: TenantContext, @Body() body: ProfileDto) {
    await this.organizations.updateProfile(ctx, body);
    return {};
  }
}
