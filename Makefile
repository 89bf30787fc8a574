# The two quick-start commands: `make app` and `make test`. Each installs what is missing first.
export HF_HUB_OFFLINE ?= 1
export TRANSFORMERS_OFFLINE ?= 1
PORT ?= 8501

.PHONY: app test install
install:
	@scripts/bootstrap.sh

app: install
	.venv/bin/python -m streamlit run app.py --server.port $(PORT) --server.headless true --browser.gatherUsageStats false

test: install
	.venv/bin/python -m pytest -q tests
