import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class PathPortInResponse {
  @ApiProperty({ format: 'uuid' }) interface_id: string;
  @ApiProperty({ description: 'The port name, else its MAC address, else if<index>', example: 'ge-0/0/1' })
  name: string;
}

export class PathPortOutResponse extends PathPortInResponse {
  @ApiProperty({ description: 'The port’s own speed; 0 when unknown', example: 1_000_000_000 }) speed_bps: number;
}

export class PathHopResponse {
  @ApiProperty({ format: 'uuid' }) host_id: string;
  @ApiProperty({ description: 'The host’s name' }) label: string;
  @ApiProperty({ example: 'Switch' }) device_type: string;
  @ApiProperty({
    type: PathPortInResponse,
    nullable: true,
    description: 'The port the path comes in by; null on the first hop',
  })
  in: PathPortInResponse | null;
  @ApiProperty({
    type: PathPortOutResponse,
    nullable: true,
    description: 'The port the path leaves by; null on the last hop',
  })
  out: PathPortOutResponse | null;
}

export class PathLinkResponse {
  @ApiProperty({ description: 'The L2Physical edge id', example: 'link:<interface id>:<interface id>' }) id: string;
  @ApiProperty({ enum: ['lldp', 'cdp', 'fdb', 'arp', 'manual'], description: 'How the link was learnt' })
  provenance: string;
  @ApiProperty({ description: 'The slower end’s speed; 0 when unknown', example: 1_000_000_000 }) speed_bps: number;
}

/** A shortest path over the L2 links between two hosts, or why none is known. */
export class PathResponse {
  @ApiProperty() found: boolean;
  @ApiPropertyOptional({ type: [PathHopResponse], description: 'When found: the devices from `from` to `to`' })
  hops?: PathHopResponse[];
  @ApiPropertyOptional({ type: [PathLinkResponse], description: 'When found: the link after each hop but the last' })
  links?: PathLinkResponse[];
  @ApiPropertyOptional({
    description: 'When not found: why (the same host; an end with no known links; different connected parts)',
    example: "lab-x and pc-1 are in different connected parts of the map: lab-x's part has 2 hosts, pc-1's has 9 hosts",
  })
  reason?: string;
}
