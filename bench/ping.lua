-- GET of the URL wrk is given (the application's /api/ping, or the floor's static file) for as
-- long as -d says, every answer counted by status (answers.lua). No request() function: wrk
-- sends its one prepared request, as plain wrk does.
local answers = require "answers"

setup = answers.setup
response = answers.response
done = answers.done
