import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsString, MaxLength, ValidateNested } from 'class-validator';
import { DataSource } from 'typeorm';
import { Public } from '../../src/common/auth/access.decorator';
import { UuidParam } from '../../src/common/http/uuid-param';
import { Page } from '../../src/common/http/envelope';
import { IntInRange } from '../../src/common/http/validation';

class ProbeItemDto {
  @IsString()
  @MaxLength(10)
  label: string;
}

class ProbeBodyDto {
  @IsString()
  name: string;

  @IntInRange(0, 1000)
  count: number;

  @ValidateNested()
  @Type(() => ProbeItemDto)
  item: ProbeItemDto;
}

/** Test-only routes that exercise the cross-cutting HTTP machinery (no product route does yet). */
@Controller('api/v1/probe')
@Public()
class ProbeController {
  constructor(private readonly dataSource: DataSource) {}

  @Get(':id')
  get(@UuidParam('id') id: string) {
    return { id };
  }

  @Post()
  create(@Body() body: ProbeBodyDto) {
    return body;
  }

  @Get('list/page')
  list() {
    return new Page([{ n: 1 }], { total_count: 3, limit: 1, offset: 0, has_more: true });
  }

  @Get('fail/crash')
  crash(): never {
    throw new Error('SELECT secret FROM internals -- this text must never reach a client');
  }

  @Get('fail/sql')
  async sql() {
    return this.dataSource.query('SELECT * FROM no_such_table_here');
  }

  @Get('fail/conflict')
  conflict() {
    return this.dataSource.transaction(async (db) => {
      await db.query('CREATE TEMP TABLE probe_unique (email text UNIQUE) ON COMMIT DROP');
      await db.query(`INSERT INTO probe_unique VALUES ('a@example.com')`);
      await db.query(`INSERT INTO probe_unique VALUES ('a@example.com')`);
    });
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
