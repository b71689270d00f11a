import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SessionAccess } from '../../../common/auth/access.decorator';
import { Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import { PageQueryDto } from '../../../common/http/pagination';
import { UuidParam } from '../../../common/http/uuid-param';
import { UsersService } from '../application/users.service';
import { CreateUserDto, UpdateUserDto } from './dto/user.dto';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { UserResponse } from './dto/user.response';

@ApiTags('users')
@Controller('api/v1/users')
@SessionAccess('Admin')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOk(UserResponse, { list: true })
  listUsers(@Ctx() ctx: TenantContext, @Query() query: PageQueryDto) {
    return this.users.list(ctx, query);
  }

  @Post()
  @ApiOk(UserResponse, { status: 201 })
  createUser(@Ctx() ctx: TenantContext, @Body() body: CreateUserDto) {
    return this.users.create(ctx, body);
  }

  @Get(':id')
  @ApiOk(UserResponse)
  getUser(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    return this.users.get(ctx, id);
  }

  @Put(':id')
  @ApiOk(UserResponse)
  updateUser(@Ctx() ctx: TenantContext, @UuidParam('id') id: string, @Body() body: UpdateUserDto) {
    return this.users.update(ctx, id, body);
  }

  @Delete(':id')
  @ApiOk(EmptyResponse)
  async deleteUser(@Ctx() ctx: TenantContext, @UuidParam('id') id: string) {
    await this.users.delete(ctx, id);
    return {};
  }
}
