import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { CredentialsService } from '../application/credentials.service';
import { CredentialBodyDto, CredentialListQueryDto } from './dto/credential.dto';

@ApiTags('credentials')
@Controller('api/v1/credentials')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get()
  @Access('Viewer')
  listCredentials(@Ctx() ctx: TenantContext, @Query() query: CredentialListQueryDto) {
    return this.credentials.list(ctx, { networkId: query.network_id }, query);
  }

  @Post()
  @Access('Member')
  createCredential(@Ctx() ctx: TenantContext, @Body() body: CredentialBodyDto) {
    return this.credentials.create(ctx, body);
  }

  @Get(':id')
  @Access('Viewer')
  getCredential(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.credentials.get(ctx, id);
  }

  @Put(':id')
  @Access('Member')
  updateCredential(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: CredentialBodyDto) {
    return this.credentials.update(ctx, id, body);
  }

  @Delete(':id')
  @Access('Member')
  async deleteCredential(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.credentials.delete(ctx, id);
    return {};
  }
}
