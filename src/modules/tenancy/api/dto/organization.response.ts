import { ApiProperty } from '@nestjs/swagger';
import { ONBOARDING_STEPS } from '../../domain/onboarding';
import { PLAN_TYPES } from '../../domain/plans';

export class PlanFeaturesResponse {
  @ApiProperty() api_access: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null: no limit' }) max_networks: number | null;
  @ApiProperty() share_views: boolean;
}

export class PlanResponse {
  @ApiProperty({ enum: PLAN_TYPES }) type: string;
  @ApiProperty({ type: PlanFeaturesResponse }) features: PlanFeaturesResponse;
}

export class PlanStatusResponse {
  @ApiProperty({ enum: ['active', 'trialing', 'past_due', 'paused', 'cancelled'] }) type: string;
}

export class PlanTypeResponse {
  @ApiProperty({ enum: PLAN_TYPES }) type: string;
}

const NullableDate = () => ApiProperty({ type: String, format: 'date-time', nullable: true });

export class OrganizationResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ONBOARDING_STEPS, isArray: true }) onboarding: string[];
  @ApiProperty({ type: PlanResponse }) plan: PlanResponse;
  @ApiProperty({ type: PlanStatusResponse }) plan_status: PlanStatusResponse;
  @ApiProperty({ type: PlanTypeResponse, nullable: true }) last_downgrade_from_plan: PlanTypeResponse | null;
  @NullableDate() discount_save_offer_active_until: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) discount_save_offer_percent_off: number | null;
  @ApiProperty() has_payment_method: boolean;
  @NullableDate() last_discount_at: string | null;
  @NullableDate() last_downgrade_at: string | null;
  @NullableDate() last_paused_at: string | null;
  @NullableDate() next_renewal_at: string | null;
  @NullableDate() trial_end_date: string | null;
  @ApiProperty() trial_extended_used: boolean;
  @ApiProperty({ type: String, nullable: true }) use_case: string | null;
  @ApiProperty({ type: String, nullable: true }) referral_source: string | null;
  @ApiProperty({ type: String, nullable: true }) referral_source_other: string | null;
  @ApiProperty({ type: String, nullable: true }) company_size: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
