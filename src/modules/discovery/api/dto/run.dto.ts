import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';
import { PageQueryDto } from '../../../../common/http/pagination';
import { PORT_PRESETS, type PortSpec } from '../../domain/port-spec';

const isPortSpec = (value: unknown): boolean =>
  (PORT_PRESETS as readonly unknown[]).includes(value) ||
  (Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= 65535 &&
    value.every((port) => Number.isInteger(port) && port >= 1 && port <= 65535));

export class RunSettingsDto {
  @ApiProperty({ type: [String], example: ['10.0.0.0/24', '10.0.1.5', '10.0.2.10-10.0.2.20'], maxItems: 1000 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  targets: string[];

  @ApiProperty({
    oneOf: [
      { type: 'string', enum: [...PORT_PRESETS] },
      { type: 'array', items: { type: 'integer' } },
    ],
    example: 'top100',
  })
  @ValidateBy(
    { name: 'portSpec', validator: { validate: isPortSpec } },
    {
      message: 'ports must be "top100", "top1000" or a list of port numbers 1..65535',
    },
  )
  ports: PortSpec;

  @ApiPropertyOptional({
    default: false,
    description: 'Also ask SNMP, with the credentials assigned to the network or host',
  })
  @IsOptional()
  @IsBoolean()
  snmp?: boolean;

  @ApiPropertyOptional({ minimum: 50, maximum: 60000, default: 1000, description: 'Per connection attempt and reply' })
  @IsOptional()
  @IsInt()
  @Min(50)
  @Max(60_000)
  timeout_ms?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 4096, default: 512, description: 'Connections in flight at most' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(4096)
  concurrency?: number;
}

export class RunBodyDto extends RunSettingsDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  network_id: string;
}

export class RunListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  network_id?: string;
}

export class RunDiagnosticsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only the diagnostics of this host' })
  @IsOptional()
  @IsUUID()
  host_id?: string;
}
