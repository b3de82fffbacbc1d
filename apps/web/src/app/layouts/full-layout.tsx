import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** No chrome: login, registration, not-found. */
export function FullLayout() {
  return (
    <Box component="main" id="main-content" mih="100dvh" data-layout="full">
      <Outlet />
    </Box>
  );
}
