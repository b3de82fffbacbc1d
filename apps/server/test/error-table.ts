// The module list declares every area's error codes (AppError reads them). Loaded before each test file, so that
// a unit test of one area's rules, which never loads the list itself, gets its codes' statuses and messages.
import '../src/modules';
