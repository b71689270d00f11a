import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { PLAN_TYPES, type PlanType } from '../../domain/plans';

export const REFERRAL_SOURCES = [
  'search_engine',
  'ai_assistant',
  'youtube',
  'social_media',
  'blog_article',
  'reddit',
  'hacker_news',
  'word_of_mouth',
  'conference',
  'colleague',
  'self_hosted',
  'other',
  'prefer_not_to_say',
] as const;

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001+'] as const;

export class ChangePlanDto {
  @ApiProperty({ enum: PLAN_TYPES, example: 'Pro' })
  @IsIn(PLAN_TYPES)
  type: PlanType;
}

export class ReferralSourceDto {
  @ApiProperty({ enum: REFERRAL_SOURCES, example: 'search_engine' })
  @IsIn(REFERRAL_SOURCES)
  referral_source: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 255,
    nullable: true,
    description: 'Required when referral_source is other',
  })
  @ValidateIf(
    (dto: ReferralSourceDto) => dto.referral_source === 'other' || (dto.referral_source_other ?? null) !== null,
  )
  @IsString({ context: { required: 'referral_source_other is required when referral_source is other' } })
  @MaxLength(255)
  referral_source_other?: string | null;
}

export class ProfileDto {
  @ApiPropertyOptional({ enum: COMPANY_SIZES, nullable: true, example: '11-50' })
  @IsOptional()
  @IsIn(COMPANY_SIZES)
  company_size?: string | null;

  @ApiPropertyOptional({ type: String, maxLength: 255, nullable: true, example: 'Network engineer' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  job_title?: string | null;
}
