import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SessionAccess } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { PageQueryDto } from '../../../common/http/pagination';
import { UuidParam } from '../../../common/http/uuid-param';
import { ApiKeysService } from '../application/api-keys.service';
import { CreateApiKeyDto, UpdateApiKeyDto } from './dto/api-key.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { ApiKeyResponse, ApiKeyWithSecretResponse } from './dto/api-key.response';

/** A user's own API keys. Session only: a key can never mint or change keys. */
@ApiTags('api-keys')
@Controller('api/v1/auth/keys')
@SessionAccess('Viewer')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @ApiOk(ApiKeyResponse, { list: true })
  listKeys(@Ctx() ctx: TenantContext, @Query() query: PageQueryDto) {
    return this.keys.list(ctx, query);
  }

  @Post()
  @ApiOk(ApiKeyWithSecretResponse, { status: 201 })
  createKey(@Ctx() ctx: TenantContext, @Body() body: CreateApiKeyDto) {
    return this.keys.create(ctx, {
      name: body.name,
      permissions: body.permissions ?? 'Viewer',
      network_ids: body.network_ids ?? null,
      expires_at: body.expires_at ?? null,
      is_enabled: body.is_enabled ?? true,
    });
  }

  @Get(':id')
  @ApiOk(ApiKeyResponse)
  getKey(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.keys.get(ctx, id);
  }

  @Put(':id')
  @ApiOk(ApiKeyResponse)
  updateKey(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: UpdateApiKeyDto) {
    return this.keys.update(ctx, id, body);
  }

  @Post(':id/rotate')
  @HttpCode(200)
  @ApiOk(ApiKeyWithSecretResponse)
  rotateKey(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.keys.rotate(ctx, id);
  }

  @Delete(':id')
  @ApiOk(EmptyResponse)
  async deleteKey(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.keys.delete(ctx, id);
    return {};
  }
}
