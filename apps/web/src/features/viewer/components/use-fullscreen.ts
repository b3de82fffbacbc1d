import { type RefObject, useEffect, useState } from 'react';

/**
 * The viewer in full screen: through the Fullscreen API, or, where it is missing or refused (iPhone Safari, some
 * embedded browsers), by covering the window (`isWindowFilled`).
 */
export function useFullscreen(rootRef: RefObject<HTMLElement | null>) {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const handleChange = () => setIsFullscreen(document.fullscreenElement === rootRef.current);
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, [rootRef]);
  const hasFullscreenApi = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const isWindowFilled = isFullscreen && !hasFullscreenApi;
  const toggle = () => {
    if (!hasFullscreenApi) setIsFullscreen((value) => !value);
    else if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen();
  };
  /** Leaves the window-covering mode (the API's full screen the browser leaves on Escape itself). */
  const leaveWindow = () => {
    if (isWindowFilled) setIsFullscreen(false);
  };
  return { isFullscreen, hasFullscreenApi, isWindowFilled, toggle, leaveWindow };
}
