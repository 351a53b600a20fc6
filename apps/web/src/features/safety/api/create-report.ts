import type { CreateReportBody, Report } from '@unimercado/shared/schemas/safety';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `POST /api/reports` (decision 071). */
export const createReport = (input: CreateReportBody) => api.post<Report>('/reports', input);

export const useCreateReport = () => useMutation({ mutationFn: createReport });
