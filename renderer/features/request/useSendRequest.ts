// Sends the address bar's request through the host and records the resulting frame.

import { useMutation } from '@tanstack/react-query';
import type { RawRequest } from '../../../shared/host/hostApi';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';

export function useSendRequest() {
  const host = useHost();
  const addFrames = useAppStore((state) => state.addFrames);
  const selectFrame = useAppStore((state) => state.selectFrame);
  return useMutation({
    mutationFn: (request: RawRequest) => host.fetchRaw(request),
    onSuccess(frame) {
      addFrames([frame]);
      selectFrame(frame.id);
    },
  });
}
