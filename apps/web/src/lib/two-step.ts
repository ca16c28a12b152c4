import type {
  EnableTwoStepBody,
  Envelope,
  RecoveryCodes,
  TwoStepPasswordBody,
  TwoStepSetup,
} from "@kindred/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client.ts";
import { queryKeys } from "@/lib/query-client.ts";

/** A new secret to scan (replacing an unconfirmed one): the otpauth address and its QR code. */
export async function startTwoStepSetup(): Promise<TwoStepSetup> {
  return (await apiClient.get<Envelope<TwoStepSetup>>("/account/two-step/setup")).data;
}

export async function enableTwoStep(body: EnableTwoStepBody): Promise<RecoveryCodes> {
  return (await apiClient.post<Envelope<RecoveryCodes>>("/account/two-step", body)).data;
}

export function disableTwoStep(body: TwoStepPasswordBody) {
  return apiClient.delete("/account/two-step", { body });
}

export async function newRecoveryCodes(body: TwoStepPasswordBody): Promise<RecoveryCodes> {
  return (await apiClient.post<Envelope<RecoveryCodes>>("/account/two-step/recovery-codes", body))
    .data;
}

/** Turning two-step codes on or off changes Me's `twoStep`. */
function useMeChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

export function useTwoStepSetup() {
  return useMutation({ mutationFn: startTwoStepSetup });
}

/** Me changes once the person has kept the recovery codes (the section shows them first). */
export function useEnableTwoStep() {
  return useMutation({ mutationFn: enableTwoStep });
}

export function useDisableTwoStep() {
  return useMutation({ mutationFn: disableTwoStep, onSuccess: useMeChanged() });
}

export function useNewRecoveryCodes() {
  return useMutation({ mutationFn: newRecoveryCodes });
}
