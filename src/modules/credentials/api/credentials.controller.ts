import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { UuidParam } from '../../../common/http/uuid-param';
import { CredentialsService } from '../application/credentials.service';
import { CredentialBodyDto, CredentialListQueryDto } from './dto/credential.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { CredentialResponse } from './dto/credential.response';

@ApiTags('credentials')
@Controller('api/v1/credentials')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Get()
  @Access('Viewer')
  @ApiOk(CredentialResponse, { list: true })
  listCredentials(@Ctx() ctx: TenantContext, @Query() query: CredentialListQueryDto) {
    return this.credentials.list(ctx, { networkId: query.network_id }, query);
  }

  @Post()
  @Access('Member')
  @ApiOk(CredentialResponse, { status: 201 })
  createCredential(@Ctx() ctx: TenantContext, @Body() body: CredentialBodyDto) {
    return this.credentials.create(ctx, body);
  }

  @Get(':id')
  @Access('Viewer')
  @ApiOk(CredentialResponse)
  getCredential(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.credentials.get(ctx, id);
  }

  @Put(':id')
  @Access('Member')
  @ApiOk(CredentialResponse)
  updateCredential(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: CredentialBodyDto) {
    return this.credentials.update(ctx, id, body);
  }

  @Delete(':id')
  @Access('Member')
  @ApiOk(EmptyResponse)
  async deleteCredential(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.credentials.delete(ctx, id);
    return {};
  }
}
