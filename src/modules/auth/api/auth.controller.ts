import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access, Public, SessionAccess } from '../../../common/auth/access.decorator';
import { SESSION_COOKIE } from '../../../common/auth/auth.guard';
import { type AuthenticatedRequest, Ctx } from '../../../common/auth/ctx.decorator';
import type { TenantContext } from '../../../common/auth/tenant-context';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { StrictRateLimit } from '../../../common/rate-limit/rate-limit.decorators';
import { AuthService } from '../application/auth.service';
import { LoginDto, RegisterDto } from './dto/auth.dto';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { EmptyResponse } from '../../../common/openapi/envelope.response';
import { UserResponse } from '../../tenancy';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @Public()
  @StrictRateLimit()
  @ApiOk(UserResponse, { status: 201 })
  async register(@Body() body: RegisterDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { sessionId, user } = await this.auth.register(body);
    setSessionCookie(reply, sessionId, this.config.cookieSecure);
    return user;
  }

  @Post('login')
  @HttpCode(200)
  @Public()
  @StrictRateLimit({ backoff: 'email' })
  @ApiOk(UserResponse)
  async login(@Body() body: LoginDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const { sessionId, user } = await this.auth.login(body.email, body.password);
    setSessionCookie(reply, sessionId, this.config.cookieSecure);
    return user;
  }

  @Post('logout')
  @HttpCode(200)
  @SessionAccess('Viewer')
  @ApiOk(EmptyResponse)
  async logout(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.auth.logout(request.cookies[SESSION_COOKIE]!);
    clearSessionCookie(reply, this.config.cookieSecure);
    return {};
  }

  @Get('me')
  @Access('Viewer')
  @ApiOk(UserResponse)
  me(@Ctx() ctx: TenantContext) {
    return this.auth.me(ctx);
  }
}
