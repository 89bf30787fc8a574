# The two quick-start commands: `make app` and `make test`. Each installs what is missing first.
export HF_HUB_OFFLINE ?= 1
export TRANSFORMERS_OFFLINE ?= 1
PORT ?= 8501
# Only this machine can reach the app; HOST=0.0.0.0 serves a team (add users first: README, "Sharing the app").
HOST ?= 127.0.0.1

# PYTEST_ARGS passes options to pytest, e.g. PYTEST_ARGS="-m 'not package'" skips the wheel test.
PYTEST_ARGS ?=

.PHONY: app test install wheel-check
install:
	@scripts/bootstrap.sh

app: install
	.venv/bin/python -m streamlit run app.py --server.address $(HOST) --server.port $(PORT) --server.headless true --browser.gatherUsageStats false

test: install
	.venv/bin/python -m pytest -q tests $(PYTEST_ARGS)

# Build the wheel, install it into a fresh environment outside the checkout, run a check and the app's
# health check there (scripts/check_wheel.sh).
wheel-check: install
	scripts/check_wheel.sh
