import type { PaginationQuery } from '@unimercado/shared/schemas/common';
import { TOTAL_COUNT_HEADER } from '@unimercado/shared/schemas/common';
import type { FastifyReply } from 'fastify';

export const toLimitOffset = ({ page, size }: PaginationQuery) => ({
  limit: size,
  offset: page * size,
});

export const setTotalCount = (reply: FastifyReply, total: number) => {
  void reply.header(TOTAL_COUNT_HEADER, String(total));
};
