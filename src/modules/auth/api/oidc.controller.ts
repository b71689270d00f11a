import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../../common/auth/access.decorator';
import type { AppConfig } from '../../../common/config/app-config';
import { APP_CONFIG } from '../../../common/config/config.module';
import { ApiOk } from '../../../common/openapi/api-ok.decorator';
import { SsoSignInService } from '../application/sso-sign-in.service';
import type { SsoErrorCode } from '../domain/sso-sign-in';
import { SsoAvailabilityResponse } from './dto/sso-settings.response';
import { setSessionCookie } from './session-cookie';
import { clearSsoFlowCookie, readSsoFlowCookie, setSsoFlowCookie } from './sso-flow-cookie';

const LOGIN_PATH = '/api/auth/oidc/login';
const CALLBACK_PATH = '/api/auth/oidc/callback';
/** The UI's sign-in page shows the code (docs/auth.md, "Single sign-on"). */
const signInPage = (code: SsoErrorCode) => `/sign-in?sso_error=${code}`;
const redirect = (description: string) => ({
  description,
  headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' as const } } },
});

/**
 * Single sign-on through the instance's OIDC provider. The browser meets these routes by navigation, so
 * every outcome is a redirect: to the provider, to the UI, or to the sign-in page with an error code.
 */
@ApiTags('auth')
@Controller('api/auth/oidc')
export class OidcController {
  constructor(
    private readonly sso: SsoSignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  @ApiOk(SsoAvailabilityResponse)
  availability() {
    return { enabled: this.sso.configured, login_url: LOGIN_PATH };
  }

  @Get('login')
  @Public()
  @ApiFoundResponse(redirect("To the provider's authorization endpoint, or to /sign-in?sso_error=<code>"))
  // Every redirect names 302: Nest has already set 200, which fastify's redirect would keep.
  async login(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const started = await this.sso.start(`${request.protocol}://${request.host}${CALLBACK_PATH}`);
    if ('error' in started) return reply.redirect(signInPage(started.error), 302);
    setSsoFlowCookie(reply, started.flow, this.config.oidc!.clientSecret, this.config.cookieSecure);
    return reply.redirect(started.url, 302);
  }

  @Get('callback')
  @Public()
  @ApiFoundResponse(redirect('Signed in: to /, with the session cookie; else to /sign-in?sso_error=<code>'))
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const secret = this.config.oidc?.clientSecret;
    const flow = secret === undefined ? undefined : readSsoFlowCookie(request, secret);
    // The URL the provider redirected to, as registered there: openid-client reads code, state, iss from it.
    const callbackUrl = new URL(request.url, flow?.redirectUri ?? 'http://unused.invalid');
    const outcome = await this.sso.finish(callbackUrl, flow);
    clearSsoFlowCookie(reply, this.config.cookieSecure);
    if ('error' in outcome) return reply.redirect(signInPage(outcome.error), 302);
    setSessionCookie(reply, outcome.session.sessionId, this.config.cookieSecure);
    return reply.redirect('/', 302);
  }
}
