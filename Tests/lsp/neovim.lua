-- Neovim's own LSP client against `ribslint lsp`, headless: open a file of Examples/, wait for its diagnostics,
-- apply the quick fix of one, and see the diagnostic go. Neovim 0.7 (Debian's) has `vim.lsp.start_client`; 0.8 and
-- later have `vim.lsp.start` (README "Editors").
--
--   RIBSLINT_BINARY=.build/debug/ribslint RIBSLINT_ROOT=$PWD nvim --headless --clean -c "luafile Tests/lsp/neovim.lua"
local root = assert(os.getenv("RIBSLINT_ROOT"), "RIBSLINT_ROOT")
local binary = assert(os.getenv("RIBSLINT_BINARY"), "RIBSLINT_BINARY")
local file = root .. "/Examples/App/LoggedOut/LoggedOutInteractor.swift"

local function fail(message)
  io.stderr:write("neovim: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local function code(diagnostic)
  return diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
end

local function weak_listener(buf)
  for _, diagnostic in ipairs(vim.diagnostic.get(buf)) do
    if code(diagnostic) == "weak_listener" then return diagnostic end
  end
end

vim.cmd("edit " .. file)
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({ name = "ribslint", cmd = { binary, "lsp" }, root_dir = root })
if not client then fail("the server did not start") end
vim.lsp.buf_attach_client(buf, client)

if not vim.wait(30000, function() return weak_listener(buf) ~= nil end, 50) then
  fail("no weak_listener diagnostic in " .. file)
end
local found = weak_listener(buf)
local count = #vim.diagnostic.get(buf)

local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = found.lnum, character = found.col }, ["end"] = { line = found.end_lnum, character = found.end_col } },
  context = { diagnostics = { found.user_data and found.user_data.lsp or {} } },
}
local responses = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", params, 30000) or {}
local applied = false
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    -- weak_listener's own fix (the repository's custom rule interactor_listener_is_weak offers the same edit).
    if not applied and action.isPreferred and action.edit and action.title:find("(weak_listener)", 1, true) then
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
      applied = true
    end
  end
end
if not applied then fail("no quick fix offered for weak_listener") end
local line = vim.api.nvim_buf_get_lines(buf, found.lnum, found.lnum + 1, false)[1]
if line ~= "    weak var listener: LoggedOutListener?" then fail("the fix left: " .. tostring(line)) end

-- The edited buffer is linted again as it stands: the finding is gone, the others stay.
if not vim.wait(30000, function() return weak_listener(buf) == nil end, 50) then fail("weak_listener still shown after the fix") end
io.stdout:write(string.format("neovim %s: %d diagnostics, weak_listener fixed by its quick fix and gone\n",
  tostring(vim.version().major) .. "." .. tostring(vim.version().minor), count))
vim.cmd("qall!")
