import type { RegisterBody } from '@unimercado/shared/schemas/users';
import type { User } from '@unimercado/shared/schemas/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const registerUser = (body: RegisterBody) => api.post<User>('/users', body);

export const useRegister = () => useMutation({ mutationFn: registerUser });
