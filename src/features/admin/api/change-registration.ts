import type { RegistrationUpdateInput } from '@domain/registration';
import { apiFetch } from '@/lib/api-client';
import type { AdminRegistration } from './get-registrations';

type RegistrationAnswer = { registration: AdminRegistration };

export function updateRegistration(id: string, update: RegistrationUpdateInput): Promise<RegistrationAnswer> {
  return apiFetch<RegistrationAnswer>(`/api/registrations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: JSON.stringify(update),
  });
}

export function deleteRegistration(id: string): Promise<RegistrationAnswer> {
  return apiFetch<RegistrationAnswer>(`/api/registrations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function restoreRegistration(id: string): Promise<RegistrationAnswer> {
  return apiFetch<RegistrationAnswer>(`/api/registrations/${encodeURIComponent(id)}/restore`, { method: 'POST' });
}
